#pragma once

// Expression nodes built through ir/make.h are freed without recursion. A
// node's destructor would release its children, each of them theirs, one
// stack frame per level: a chain of 100,000 additions would overflow the
// stack. Nodes are allocated with ReleasingAllocator instead, whose destroy()
// first moves every child it holds the last reference to onto a per-thread
// list; the outermost destroy() frees that list in a loop.

#include "ir/expr.h"

#include <cstddef>
#include <memory>

namespace tirx::detail {

// True while this thread's list holds nodes. Most nodes freed are leaves
// or share their children, so bury() and drainBuried() test inline and call
// out only when there is something to move or free.
inline thread_local bool t_buriedPending = false;
void buryLast(const Expr& child) noexcept;
void drainPending() noexcept;

// Takes `child` (which the node being destroyed owns) onto the list when the
// node holds its last reference; otherwise leaves it to the destructor.
inline void bury(const Expr& child) noexcept
{
    if (child && child.use_count() == 1) buryLast(child);
}
// Frees the list, unless an outer destroy() is already doing so.
inline void drainBuried() noexcept
{
    if (t_buriedPending) drainPending();
}

// Members are reached through their const accessors: the nodes were created
// non-const (allocate_shared<T>), so taking them apart in destroy() is sound.
inline void buryChildren(const BinaryNode& e) noexcept
{
    bury(e.a());
    bury(e.b());
}
inline void buryChildren(const NotNode& e) noexcept { bury(e.a()); }
inline void buryChildren(const SelectNode& e) noexcept
{
    bury(e.cond());
    bury(e.trueValue());
    bury(e.falseValue());
}
inline void buryChildren(const CastNode& e) noexcept { bury(e.value()); }
inline void buryChildren(const CallNode& e) noexcept
{
    for (const Expr& a : e.args()) bury(a);
}
inline void buryChildren(const TupleNode& e) noexcept
{
    for (const Expr& f : e.fields()) bury(f);
}
inline void buryChildren(const TensorLoadNode& e) noexcept
{
    for (const Expr& i : e.indices()) bury(i);
}

template <class T> struct ReleasingAllocator {
    using value_type = T;
    ReleasingAllocator() = default;
    template <class U> ReleasingAllocator(const ReleasingAllocator<U>&) noexcept {}
    [[nodiscard]] T* allocate(size_t n) { return std::allocator<T>{}.allocate(n); }
    void deallocate(T* p, size_t n) noexcept { std::allocator<T>{}.deallocate(p, n); }
    template <class U> void destroy(U* p) noexcept
    {
        buryChildren(*p);
        p->~U();
        drainBuried();
    }
    template <class U> friend bool operator==(const ReleasingAllocator&, const ReleasingAllocator<U>&) { return true; }
};

template <class T, class... Args> [[nodiscard]] std::shared_ptr<const T> makeNode(Args&&... args)
{
    return std::allocate_shared<T>(ReleasingAllocator<T>{}, std::forward<Args>(args)...);
}

} // namespace tirx::detail
