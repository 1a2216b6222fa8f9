#include "ir/diagnostic_cap.h"

namespace tirx {

DiagnosticCap::DiagnosticCap(std::vector<Diagnostic>& out, std::string what, size_t limit)
    : m_out(out), m_what(std::move(what)), m_limit(limit)
{
}

void DiagnosticCap::add(Diagnostic d)
{
    if (full()) {
        ++m_dropped;
        return;
    }
    ++m_kept;
    m_lastSpan = d.span;
    m_out.push_back(std::move(d));
}

void DiagnosticCap::finish()
{
    if (m_dropped == 0) return;
    m_out.push_back({Diagnostic::Severity::Note, "… and " + withThousands(m_dropped) + " more " + m_what, m_lastSpan});
    m_dropped = 0;
}

std::string withThousands(size_t n)
{
    const std::string digits = std::to_string(n);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

} // namespace tirx
