#include "sim/access_map.h"
#include "ir/mem_space.h"

namespace tirx::sim {

std::vector<MapRect> accessRects(const InstructionRecord& record, const Target& target)
{
    std::vector<MapRect> out;
    for (const auto& a : record.accesses) {
        const bool sbuf = isScope(a.scope, MemSpace::Sbuf);
        if (!sbuf && !isScope(a.scope, MemSpace::Psum)) continue;
        const double width =
            static_cast<double>(sbuf ? target.maxSbufBytesPerPartition : target.maxPsumBytesPerPartition);
        const double height = static_cast<double>(target.partitionSize);
        out.push_back({a.scope, a.tensor, static_cast<double>(a.byteBegin) / width,
                       static_cast<double>(a.byteEnd) / width, static_cast<double>(a.partitionBegin) / height,
                       static_cast<double>(a.partitionEnd) / height, a.write});
    }
    return out;
}

std::string describeAccesses(const InstructionRecord& record, const Target& target)
{
    std::string text = "#" + std::to_string(record.id) + " " + record.op + " on " + record.engine + ", " +
                       std::to_string(record.elements) + " elements";
    for (const auto& a : record.accesses) {
        text += a.write ? "; writes " : "; reads ";
        text += a.tensor + " partitions " + std::to_string(a.partitionBegin) + ".." +
                std::to_string(a.partitionEnd - 1) + ", bytes " + std::to_string(a.byteBegin) + ".." +
                std::to_string(a.byteEnd - 1);
        if (isScope(a.scope, MemSpace::Psum))
            text += " (PSUM bank " + std::to_string(a.byteBegin / target.psumBankBytes) + ")";
        else if (isScope(a.scope, MemSpace::Sbuf))
            text += " (SBUF)";
        else
            text += " (HBM)";
    }
    return text;
}

} // namespace tirx::sim
