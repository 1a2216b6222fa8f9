#include "sim/access_map.h"

namespace tirx::sim {

std::vector<MapRect> accessRects(const InstructionRecord& record, const Target& target)
{
    std::vector<MapRect> out;
    for (const auto& a : record.accesses) {
        const bool sbuf = a.scope == "trn.sbuf";
        if (!sbuf && a.scope != "trn.psum") continue;
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
        if (a.scope == "trn.psum")
            text += " (PSUM bank " + std::to_string(a.byteBegin / target.psumBankBytes) + ")";
        else if (a.scope == "trn.sbuf")
            text += " (SBUF)";
        else
            text += " (HBM)";
    }
    return text;
}

} // namespace tirx::sim
