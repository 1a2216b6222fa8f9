#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>

namespace tirx {

// Where IR nodes are allocated. Statement nodes live apart from expression
// nodes: most passes and the verifier walk statements only, and on a large
// module a walk that reads statements from a dense region of their own stays
// in cache, where one that picks them out from between millions of
// expression nodes waits on main memory for nearly every node.
void* allocateStatementNode(std::size_t bytes);
void freeStatementNode(void* p) noexcept;

class StmtNode;

namespace detail {
// Statement nodes are freed without recursion, as expression nodes are
// (node_release.h): destroy() moves every child statement the node holds
// the last reference to onto a per-thread list, and the outermost destroy()
// frees the list in a loop, so 100,000 nested loops free in constant stack.
void buryStatementChildren(const StmtNode& s) noexcept;
void drainBuriedStatements() noexcept;
} // namespace detail

template <class T> struct StatementNodeAllocator {
    using value_type = T;
    StatementNodeAllocator() = default;
    template <class U> StatementNodeAllocator(const StatementNodeAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) { return static_cast<T*>(allocateStatementNode(n * sizeof(T))); }
    void deallocate(T* p, std::size_t) noexcept { freeStatementNode(p); }
    template <class U> void destroy(U* p) noexcept
    {
        detail::buryStatementChildren(*p);
        p->~U();
        detail::drainBuriedStatements();
    }
    template <class U> bool operator==(const StatementNodeAllocator<U>&) const noexcept { return true; }
};

// std::make_shared for statement nodes: the node and its reference counts in
// one block from the statement region.
template <class T, class... Args> std::shared_ptr<T> makeStatementNode(Args&&... args)
{
    return std::allocate_shared<T>(StatementNodeAllocator<T>{}, std::forward<Args>(args)...);
}

} // namespace tirx
