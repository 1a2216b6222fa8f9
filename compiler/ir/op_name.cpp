#include "ir/op_name.h"

#include "ir/callables.h"

#include <mutex>
#include <unordered_map>
#include <unordered_set>

namespace tirx {

namespace detail {
const std::vector<Callable>& callableTable();
} // namespace detail

namespace {

struct StringViewHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

// The ops of the callable table, fixed at start-up: found without a lock.
const std::unordered_set<std::string, StringViewHash, std::equal_to<>>& knownOps()
{
    static const auto ops = [] {
        std::unordered_set<std::string, StringViewHash, std::equal_to<>> s;
        for (const Callable& c : detail::callableTable()) {
            if (!c.op.empty()) s.emplace(c.op);
        }
        return s;
    }();
    return ops;
}

// Any other op a module names (an extern, a misspelling kept for its
// diagnostic): added under a lock, as lowering runs off the GUI thread.
struct OtherOps {
    std::mutex mutex;
    std::unordered_set<std::string, StringViewHash, std::equal_to<>> names;
};

OtherOps& otherOps()
{
    static OtherOps ops;
    return ops;
}

} // namespace

const std::string& internOp(std::string_view op)
{
    const auto& known = knownOps();
    if (auto it = known.find(op); it != known.end()) return *it;
    auto& other = otherOps();
    std::lock_guard lock{other.mutex};
    return *other.names.emplace(op).first;
}

} // namespace tirx
