#include "codegen/nki_kernel.h"

namespace tirx {

NkiLineOrigin NkiKernel::originOfLine(int line) const
{
    if (line < 1 || static_cast<size_t>(line) > lines.size()) return {};
    return lines[static_cast<size_t>(line) - 1];
}

std::vector<int> NkiKernel::linesForSourceLine(uint32_t sourceLine) const
{
    std::vector<int> out;
    if (sourceLine == 0) return out;
    for (size_t i = 0; i < lines.size(); ++i) {
        const NkiLineOrigin& o = lines[i];
        if (o.statement.line == sourceLine || o.tileCall.line == sourceLine) out.push_back(static_cast<int>(i) + 1);
    }
    return out;
}

} // namespace tirx
