#include "ir/op_name.h"

#include "ir/callables.h"

#include <deque>
#include <mutex>
#include <unordered_map>

namespace tirx {

namespace detail {
const std::vector<Callable>& callableTable();
} // namespace detail

namespace {

// Entries never move (a deque keeps its elements in place), so the index can
// key on views of their names.
struct OpPool {
    std::deque<InternedOp> entries;
    std::unordered_map<std::string_view, const InternedOp*> index;

    const InternedOp* find(std::string_view op) const
    {
        const auto it = index.find(op);
        return it == index.end() ? nullptr : it->second;
    }
    const InternedOp& add(std::string_view op, const Callable* callable)
    {
        const InternedOp& e = entries.emplace_back(InternedOp{std::string(op), callable});
        index.emplace(e.name, &e);
        return e;
    }
};

// The ops of the callable table, fixed at start-up: found without a lock.
const OpPool& knownOps()
{
    static const OpPool pool = [] {
        OpPool p;
        for (const Callable& c : detail::callableTable()) {
            if (!c.op.empty() && !p.find(c.op)) p.add(c.op, findCallableByOp(c.op));
        }
        return p;
    }();
    return pool;
}

// Any other op a module names (an extern, a flat alias, a misspelling kept
// for its diagnostic): added under a lock, as lowering runs off the GUI thread.
struct OtherOps {
    std::mutex mutex;
    OpPool pool;
};

OtherOps& otherOps()
{
    static OtherOps ops;
    return ops;
}

} // namespace

const InternedOp& internOp(std::string_view op)
{
    if (const InternedOp* known = knownOps().find(op)) return *known;
    auto& other = otherOps();
    std::lock_guard lock{other.mutex};
    if (const InternedOp* seen = other.pool.find(op)) return *seen;
    return other.pool.add(op, findCallableByOp(op));
}

} // namespace tirx
