#include "nki/nki_plan.h"

#include "ir/checked_int.h"
#include "ir/mem_space.h"
#include "memory/memory_plan_detail.h"
#include "memory/what_if.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>

namespace tirx::nki {

namespace {

std::string scopeOf(const std::string& buffer)
{
    if (buffer == "sbuf") return std::string(scopeName(MemSpace::Sbuf));
    if (buffer == "psum") return std::string(scopeName(MemSpace::Psum));
    return buffer; // "hbm", "shared_hbm", "private_hbm"
}

Span spanOf(const std::optional<Location>& loc)
{
    if (!loc || loc->line <= 0) return {};
    const auto line = static_cast<uint32_t>(loc->line);
    const auto column = static_cast<uint32_t>(std::max(loc->column, 1));
    return Span{line, column, line, column};
}

// Sets the geometry of an on-chip allocation at `at`: for SBUF the bytes
// within a partition; for PSUM the bytes of a partition's row over all
// banks, where `at.byte` is bank × bank bytes + offset.
void place(PlannedAllocation& a, const Address& at, int64_t bytes, int64_t bankBytes)
{
    const auto end = checkedAdd(at.byte, bytes);
    const auto lastPartition = checkedAdd(at.partition, a.partitions);
    if (!end || !lastPartition) {
        a.sizeError = kAddressOverflow;
        return;
    }
    a.partitionRange = Interval{at.partition, *lastPartition};
    if (isScope(a.scope, MemSpace::Psum)) {
        a.bank = at.byte / bankBytes;
        a.offset = at.byte % bankBytes;
        const int64_t lastBank = (*end + bankBytes - 1) / bankBytes;
        a.banks = std::max<int64_t>(1, lastBank - *a.bank);
        // A tile over several banks takes them whole, as the totals count it.
        a.bytesPerPartition = a.banks > 1 ? bankBytes : bytes;
        a.byteRange = Interval{*a.offset, a.banks > 1 ? bankBytes : *a.offset + bytes};
        a.bankRange = Interval{*a.bank, *a.bank + a.banks};
    } else {
        a.offset = at.byte;
        a.byteRange = Interval{at.byte, *end};
    }
    if (bytes > 0 && a.partitions > 0) a.rects.push_back({*a.partitionRange, {at.byte, *end}});
}

class PlanBuilder {
public:
    PlanBuilder(const Trace& trace, const Program& program, const Target& target)
        : m_trace(trace), m_program(program), m_target(target)
    {
        m_out.program = program.id;
        m_out.plan.target = target.tag;
        m_out.plan.after = "trace";
    }

    NkiPlan build()
    {
        describeTensors();
        addUses();
        addDefinitions();
        widenOverDynamicLoops();
        placeModelled(scopeName(MemSpace::Sbuf), 1);
        placeModelled(scopeName(MemSpace::Psum), m_target.psumBankBytes);
        auto& all = m_out.plan.allocations;
        addOverlaps(m_out.plan, 0, [&](size_t i, size_t j) {
            const Interval& x = all[i].live;
            const Interval& y = all[j].live;
            if (x.size() <= 0 || y.size() <= 0 || !x.meets(y)) return false;
            const auto& a = m_out.sources[i];
            const auto& b = m_out.sources[j];
            const bool rotation = a.tensor == b.tensor && a.rotation == BlockAllocator::ModAlloc;
            return !rotation;
        });
        addTotals(m_out.plan, m_target);
        return std::move(m_out);
    }

private:
    void describeTensors()
    {
        m_allocationsOf.resize(m_program.tensors.size());
        for (const Tensor& t : m_program.tensors) {
            if (!t.onChip() || !t.blocks) {
                add(t, std::nullopt, t.address);
                continue;
            }
            const Blocks& b = *t.blocks;
            for (int64_t i = 0; i < b.count; ++i) add(t, i, b.addresses[static_cast<size_t>(i)]);
        }
    }

    void add(const Tensor& t, std::optional<int64_t> block, const std::optional<Address>& at)
    {
        m_allocationsOf[static_cast<size_t>(t.id)].push_back(m_out.plan.allocations.size());
        PlannedAllocation& a = m_out.plan.allocations.emplace_back();
        AllocationSource& source = m_out.sources.emplace_back();
        source.tensor = t.id;
        source.block = block;
        source.loc = t.loc;
        if (t.blocks) source.rotation = t.blocks->allocator;
        a.function = m_trace.entry;
        a.name = block ? t.name + "[" + std::to_string(*block) + "]" : t.name;
        a.scope = scopeOf(t.buffer);
        a.dtype = DataType::parse(t.dtype).value_or(DataType{});
        a.dtypeText = t.dtype;
        a.shape = t.shape;
        a.createdBy = t.kind == "argument" ? "argument" : t.createdBy;
        a.definition.span = spanOf(t.loc);
        a.sizeKnown = true;
        if (!t.onChip()) {
            std::optional<int64_t> bytes = t.dtypeBytes;
            for (int64_t d : t.shape) bytes = bytes ? checkedMul(*bytes, d) : std::nullopt;
            if (!bytes) a.sizeError = kSizeOverflow;
            a.bytesPerPartition = bytes.value_or(0);
            return;
        }
        a.partitions = t.partitions.end - t.partitions.begin;
        a.bytesPerPartition = t.bytesPerPartition;
        if (t.dtypeBytes > 0) a.physicalShape = {a.partitions, t.bytesPerPartition / t.dtypeBytes};
        if (at)
            place(a, *at, t.bytesPerPartition, m_target.psumBankBytes);
        else
            a.placementModelled = true;
    }

    void use(size_t allocation, const ProgramPoint& point)
    {
        PlannedAllocation& a = m_out.plan.allocations[allocation];
        if (!m_used[allocation]) a.firstUse = point;
        a.lastUse = point;
        m_used[allocation] = true;
    }

    void addUses()
    {
        m_used.assign(m_out.plan.allocations.size(), false);
        for (const Instruction& ins : m_program.instructions) {
            const ProgramPoint point{static_cast<int>(ins.index), spanOf(ins.loc)};
            for (const auto* regions : {&ins.writes, &ins.reads}) {
                for (const Region& r : *regions) {
                    const auto& mine = m_allocationsOf[static_cast<size_t>(r.tensor)];
                    const Tensor& t = m_program.tensors[static_cast<size_t>(r.tensor)];
                    if (t.blocks && r.block) {
                        if (*r.block < static_cast<int64_t>(mine.size()))
                            use(mine[static_cast<size_t>(*r.block)], point);
                        continue;
                    }
                    for (size_t i : mine) use(i, point);
                }
            }
        }
    }

    // The trace does not say when a tensor was made, only in which order:
    // a tensor exists before any tensor made after it is first used, so
    // its definition is the first use of itself or of any later tensor.
    void addDefinitions()
    {
        auto& all = m_out.plan.allocations;
        int next = static_cast<int>(m_program.instructions.size());
        for (size_t k = all.size(); k-- > 0;) {
            if (m_used[k]) next = std::min(next, all[k].firstUse.order);
            all[k].definition.order = next;
            if (!m_used[k]) all[k].firstUse = all[k].lastUse = all[k].definition;
            all[k].live =
                m_used[k] ? Interval{all[k].firstUse.order, all[k].lastUse.order + int64_t{1}} : Interval{next, next};
        }
    }

    // Under nl.dynamic_range the loop is not unrolled: a tensor live across
    // its edge (made before it and used inside, or used after it) keeps its
    // bytes for every iteration (TRACE.md, LOOP).
    void widenOverDynamicLoops()
    {
        for (const Loop& loop : m_program.loops) {
            if (loop.kind != "dynamic_range") continue;
            const Interval span{loop.first, loop.last + 1};
            for (auto& a : m_out.plan.allocations) {
                if (a.live.size() <= 0 || !a.live.meets(span)) continue;
                const bool across = a.live.begin < span.begin || a.live.end > span.end;
                if (!across) continue;
                a.live = {std::min(a.live.begin, span.begin), std::max(a.live.end, span.end)};
            }
        }
    }

    // Tensors without an address get one from the lifetime-based linear
    // policy NKI documents, above every byte the kernel placed itself, so
    // a modelled placement never collides with an explicit one. PSUM tiles
    // take whole banks (`granule` = bank bytes).
    void placeModelled(std::string_view scope, int64_t granule)
    {
        auto& all = m_out.plan.allocations;
        int64_t base = 0;
        for (const auto& a : all) {
            if (a.scope != scope) continue;
            for (const auto& r : a.rects) base = std::max(base, r.bytes.end);
        }
        base = (base + granule - 1) / granule * granule;
        std::vector<Lifetime> items;
        std::vector<size_t> index;
        for (size_t i = 0; i < all.size(); ++i) {
            const auto& a = all[i];
            if (a.scope != scope || !a.placementModelled || a.live.size() <= 0 || !a.sizeError.empty()) continue;
            const int64_t units = std::max<int64_t>(1, (a.bytesPerPartition + granule - 1) / granule);
            items.push_back({a.live, units * granule});
            index.push_back(i);
        }
        const auto result = linearScan(items);
        for (size_t k = 0; k < items.size(); ++k) {
            PlannedAllocation& a = all[index[k]];
            const Tensor& t = m_program.tensors[static_cast<size_t>(m_out.sources[index[k]].tensor)];
            const auto byte = checkedAdd(base, result.offsets[k]);
            if (!byte) continue;
            place(a, {t.partitions.begin, *byte}, a.bytesPerPartition, m_target.psumBankBytes);
        }
    }

    const Trace& m_trace;
    const Program& m_program;
    const Target& m_target;
    NkiPlan m_out;
    std::vector<std::vector<size_t>> m_allocationsOf; // per tensor id
    std::vector<bool> m_used;                         // per allocation
};

} // namespace

NkiPlan buildNkiPlan(const Trace& trace, size_t program, const Target& target)
{
    return PlanBuilder(trace, trace.programs.at(program), target).build();
}

nlohmann::json nkiPlanToJson(const Trace& trace, const NkiPlan& plan)
{
    nlohmann::json j = memoryPlanToJson(plan.plan);
    j["source"] = "nki";
    j["program"] = plan.program;
    auto& allocations = j["allocations"];
    for (size_t i = 0; i < plan.sources.size() && i < allocations.size(); ++i) {
        const AllocationSource& s = plan.sources[i];
        allocations[i]["tensor"] = s.tensor;
        allocations[i]["block"] = s.block ? nlohmann::json(*s.block) : nlohmann::json(nullptr);
        allocations[i]["span"]["file"] = s.loc ? nlohmann::json(trace.fileOf(*s.loc)) : nlohmann::json(nullptr);
    }
    return j;
}

} // namespace tirx::nki
