#pragma once

// Small helpers for building IR by hand in the printer and equality tests, so
// that those tests do not depend on the parser.

#include "ir/function.h"
#include "ir/make.h"
#include "ir/tensor_type.h"

#include <string>
#include <vector>

namespace tirx::testing {

inline Expr i32(int64_t v) { return intImm(v); }

inline std::vector<Expr> shapeOf(std::initializer_list<int64_t> dims)
{
    std::vector<Expr> out;
    for (auto d : dims) out.push_back(i32(d));
    return out;
}

inline TensorTypeRef tensorTy(std::initializer_list<int64_t> dims, DataType dtype = DataType::float32(),
                              std::string scope = "global", Layout layout = nullptr)
{
    TensorType::Fields f;
    f.shape = shapeOf(dims);
    f.dtype = dtype;
    f.scope = std::move(scope);
    f.layout = std::move(layout);
    return makeTensorType(std::move(f));
}

inline Var tensorVar(const std::string& name, TensorTypeRef type)
{
    return makeVar(name, VarType::tensorType(std::move(type)));
}
inline Var intVar(const std::string& name, DataType dtype = DataType::int32())
{
    return makeVar(name, VarType::scalar(dtype));
}

// TileLayout(S[(extents):(stride @ axis, ...)]).
inline Layout pfLayout(std::initializer_list<std::tuple<int64_t, int64_t, const char*>> iters)
{
    std::vector<Iter> shard;
    for (const auto& [e, s, a] : iters) shard.push_back(Iter{i32(e), i32(s), Axis::find(a)});
    return makeLayout(std::move(shard));
}

inline Stmt alloc(const Var& v, std::vector<Expr> placement = {})
{
    std::vector<Expr> args;
    if (!placement.empty()) args.push_back(tuple(std::move(placement)));
    return makeBind(v, call(kAllocTensor, std::move(args), {}, DataType::handle(), {v->tensorType()}));
}

inline Stmt decl(const Var& v, const Var& data)
{
    return makeBind(v, call(kDeclTensor, {call(kTensorDataPtr, {data}, {}, DataType::handle())}, {}, DataType::handle(),
                            {v->tensorType()}));
}

inline Expr fullRegion(const Var& t)
{
    std::vector<Range> rs;
    for (const auto& d : t->tensorType()->shape()) rs.push_back(Range{i32(0), d});
    return tensorRegion(t, std::move(rs));
}

inline Stmt loop(const Var& v, int64_t extent, Stmt body, ForKind kind = ForKind::Serial, Attrs ann = {},
                 int64_t begin = 0)
{
    ForNode::Fields f;
    f.var = v;
    f.begin = i32(begin);
    f.end = i32(extent);
    f.step = i32(1);
    f.forKind = kind;
    f.body = std::move(body);
    f.annotations = std::move(ann);
    return makeFor(std::move(f));
}

inline Stmt nkiDimLoop(const Var& v, int64_t extent, const char* dim, Stmt body)
{
    return loop(v, extent, std::move(body), ForKind::Serial, Attrs{{{"nki_dim", stringImm(dim)}}});
}

inline FunctionRef fn(const std::string& name, std::vector<Var> params, Stmt body, Attrs attrs = {})
{
    if (!attrs.get("global_symbol") && !attrs.get("__private__")) attrs = attrs.with("global_symbol", stringImm(name));
    attrs = attrs.without("__private__");
    return std::make_shared<const Function>(Function::Fields{name, std::move(params), std::move(body), attrs, {}});
}

inline Module moduleOf(std::vector<FunctionRef> fns)
{
    std::vector<Module::Entry> entries;
    for (auto& f : fns) entries.emplace_back(f->name(), f);
    return Module{std::move(entries)};
}

} // namespace tirx::testing
