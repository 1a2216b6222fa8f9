// TVMScript parser: tensor types, allocations, declarations, views and the
// layout notation (T.TileLayout, T.S/T.R, from_iters).

#include "ir/checked_int.h"
#include "ir/mem_space.h"
#include "ir/trainium_layout.h"
#include "layout/layout_algebra.h"
#include "script/parser_impl.h"
#include "script/printer.h"
#include "target/hardware.h"

namespace tirx::script {

namespace {

const std::vector<std::string_view> kScopes(std::begin(kScopeNames), std::end(kScopeNames));

// The TX2 keyword set shared by T.Tensor, T.alloc_tensor and T.decl_tensor.
struct TensorArgs {
    const Value* shape = nullptr;
    const Value* dtype = nullptr;
    const Value* scope = nullptr;
    const Value* layout = nullptr;
    const Value* strides = nullptr;
    const Value* elemOffset = nullptr;
    const Value* align = nullptr;
    const Value* offsetFactor = nullptr;
    const Value* data = nullptr;
    const Value* allocatedAddr = nullptr;
    const Value* annotations = nullptr;
    const Value* tyArgs = nullptr;
    const Value* placement = nullptr;
    const Value* attrs = nullptr;
    bool old = false; // T.Buffer / T.alloc_buffer / T.decl_buffer: omitted layout means None
    std::vector<const Arg*> positional;
};

} // namespace

std::string Parser::checkScope(const Value& v)
{
    std::string s = requireStr(v, "a storage scope");
    if (s.empty()) return std::string(scopeName(MemSpace::Hbm));
    for (auto k : kScopes) {
        if (k == s) return s;
    }
    std::string msg = "unknown storage scope '" + s + "'";
    if (auto best = closestName(s, kScopes); !best.empty()) msg += "; did you mean '" + std::string(best) + "'?";
    fail(v.span, msg);
}

Expr Parser::dataPointer(const Value& tensor, Span span)
{
    return call(kTensorDataPtr, {tensor.expr}, {}, DataType::handle(), {}, span);
}

static TensorArgs collect(Parser& p, std::vector<Arg>& args, std::string_view callee,
                          std::initializer_list<std::string_view> allowed)
{
    TensorArgs t;
    for (auto& a : args) {
        if (a.keyword.empty()) {
            t.positional.push_back(&a);
            continue;
        }
        const auto k = a.keyword;
        if (k == "__old") {
            t.old = true;
            continue;
        }
        bool ok = false;
        for (auto al : allowed) ok = ok || al == k;
        if (!ok) p.fail(a.span, "unknown keyword argument '" + std::string(k) + "' for '" + std::string(callee) + "'");
        const Value* v = &a.value;
        if (k == "shape")
            t.shape = v;
        else if (k == "dtype")
            t.dtype = v;
        else if (k == "scope")
            t.scope = v;
        else if (k == "layout")
            t.layout = v;
        else if (k == "strides")
            t.strides = v;
        else if (k == "elem_offset")
            t.elemOffset = v;
        else if (k == "align")
            t.align = v;
        else if (k == "offset_factor")
            t.offsetFactor = v;
        else if (k == "data")
            t.data = v;
        else if (k == "allocated_addr")
            t.allocatedAddr = v;
        else if (k == "annotations")
            t.annotations = v;
        else if (k == "ty_args")
            t.tyArgs = v;
        else if (k == "placement")
            t.placement = v;
        else if (k == "attrs")
            t.attrs = v;
    }
    return t;
}

// Elements per PSUM bank row, as the reference's to_psum counts them
// (chapter 02 §7.2).
constexpr int64_t kPsumBankElements = hw::kPsumBankFloat32;

static std::string shapeText(const std::vector<Expr>& shape)
{
    std::string out = "(";
    for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + printExpr(shape[i]);
    return out + (shape.size() == 1 ? ",)" : ")");
}

// Why a P/F annotation that is a valid SBUF layout cannot be a PSUM one:
// the reference's to_psum splits the free size into 2 KiB banks of 512
// elements, so it must fit one bank or fill whole banks. Nullopt when the
// annotation is not a valid layout at all.
static std::optional<std::string> psumLayoutError(const std::string& annotation, const std::vector<Expr>& shape)
{
    const auto plain = trainiumLayout(annotation, shape, false);
    if (!plain.layout) return std::nullopt;
    const auto free = constInt(layoutSize(*plain.layout, Axis::F()));
    const std::string bank = std::to_string(kPsumBankElements);
    if (free && *free > kPsumBankElements) {
        return "PSUM tensors occupy whole 2 KiB banks (" + bank + " elements per partition each): a free size of " +
               std::to_string(*free) + " elements per partition must fill whole banks, a multiple of " + bank +
               " (at most 8 banks, 16 KiB)";
    }
    return "invalid layout: layout can not be converted to psum layout: each free-dimension stride must divide " +
           bank + " elements (one 2 KiB bank) or be a multiple of it";
}

static bool allConstant(const std::vector<Expr>& shape, int64_t& elements)
{
    elements = 1;
    for (const auto& d : shape) {
        auto v = constInt(d);
        if (!v) return false;
        auto p = checkedMul(elements, *v);
        if (!p) return false;
        elements = *p;
    }
    return true;
}

// The rules a tensor type must follow that the reference's allocator and
// lowering take for granted (chapter 02 §2): on-chip tensors hold numbers,
// and a layout maps exactly the elements of the shape.
static void checkType(Parser& p, const TensorArgs& t, const TensorType::Fields& f, Span span)
{
    const bool onChip = isScope(f.scope, MemSpace::Sbuf) || isScope(f.scope, MemSpace::Psum);
    if (onChip && f.dtype == DataType::handle())
        p.error(t.dtype ? t.dtype->span : span,
                "a '" + f.scope + "' tensor cannot have dtype \"handle\": on-chip memory holds numbers");
    if (!f.layout || !t.layout) return;
    int64_t elements = 0;
    const auto covered = constInt(layoutSize(*f.layout));
    if (!covered || !allConstant(f.shape, elements) || *covered == elements) return;
    p.error(t.layout->span, "the layout covers " + std::to_string(*covered) + " elements but the shape " +
                                shapeText(f.shape) + " has " + std::to_string(elements));
}

#define TENSOR_KEYWORDS                                                                                                \
    "shape", "dtype", "scope", "layout", "strides", "elem_offset", "align", "offset_factor", "byte_offset",            \
        "axis_separators", "buffer_type"

static TensorTypeRef buildType(Parser& p, const TensorArgs& t, Span span, std::string_view callee,
                               const std::string& scopeOverride = {})
{
    if (!t.shape) p.fail(span, "missing required argument 'shape' for '" + std::string(callee) + "'");
    TensorType::Fields f;
    f.shape = p.toShape(*t.shape, "'" + std::string(callee) + "'");
    if (t.dtype && t.dtype->kind != Value::Kind::None) f.dtype = p.requireDtype(*t.dtype);
    f.scope = t.scope                 ? p.checkScope(*t.scope)
              : scopeOverride.empty() ? std::string(scopeName(MemSpace::Hbm))
                                      : scopeOverride;
    f.layout = p.resolveLayout(t.layout, f.shape, f.scope, t.old);
    checkType(p, t, f, span);
    if (t.strides && t.strides->kind != Value::Kind::None) f.strides = p.toShape(*t.strides, "strides");
    if (t.elemOffset && t.elemOffset->kind != Value::Kind::None) {
        Expr e = p.toExpr(*t.elemOffset, "an element offset");
        if (!isConstInt(e, 0)) f.elemOffset = e;
    }
    if (t.align && t.align->kind != Value::Kind::None) {
        const int64_t a = p.requireInt(*t.align, "align");
        f.alignment = a <= 0 ? 64 : static_cast<int>(a);
    }
    if (t.offsetFactor && t.offsetFactor->kind != Value::Kind::None) {
        const int64_t o = p.requireInt(*t.offsetFactor, "offset_factor");
        f.offsetFactor = o == 0 ? 1 : static_cast<int>(o);
    }
    return p.shareType(std::move(f));
}

TensorTypeRef Parser::tensorType(std::vector<Arg>& args, Span span, std::string_view callee)
{
    if (callee == "T.Buffer") args.push_back({"__old", Value::none(span), span});
    TensorArgs t = collect(*this, args, callee, {TENSOR_KEYWORDS, "data"});
    if (t.positional.size() > 2)
        fail(t.positional[2]->span, "too many positional arguments for '" + std::string(callee) +
                                        "': expected at most 2 (shape, dtype), got " +
                                        std::to_string(t.positional.size()));
    if (!t.positional.empty()) t.shape = &t.positional[0]->value;
    if (t.positional.size() > 1) t.dtype = &t.positional[1]->value;
    return buildType(*this, t, span, callee);
}

static TensorTypeRef singleTyArg(Parser& p, const Value& v)
{
    if (v.kind == Value::Kind::Seq && v.items.size() == 1 && v.items[0].kind == Value::Kind::Type)
        return v.items[0].type();
    p.fail(v.span, "ty_args must be a list holding one T.Tensor(...) type");
}

static Expr placementTuple(Parser& p, const Value& v, const std::string& what)
{
    std::vector<Expr> coords;
    if (v.kind == Value::Kind::Seq) {
        for (const auto& item : v.items)
            coords.push_back(intImm(p.requireInt(item, what), DataType::int32(), item.span));
    } else {
        coords.push_back(intImm(p.requireInt(v, what), DataType::int32(), v.span));
    }
    return tuple(std::move(coords), v.span);
}

Value Parser::allocTensor(std::vector<Arg>& args, Span span)
{
    TensorArgs t = collect(*this, args, "T.alloc_tensor",
                           {TENSOR_KEYWORDS, "data", "allocated_addr", "annotations", "ty_args", "placement", "attrs"});
    std::vector<Expr> callArgs;
    Attrs attrs;
    TensorTypeRef type;
    if (t.tyArgs) { // TX3: T.alloc_tensor(placement?, ty_args=[T.Tensor(...)])
        if (t.shape || t.dtype || t.scope || t.layout || t.allocatedAddr)
            fail(span, "T.alloc_tensor with ty_args takes the tensor fields from the type; remove the other keywords");
        if (t.positional.size() > 1)
            fail(t.positional[1]->span,
                 "too many positional arguments for 'T.alloc_tensor': expected at most 1 (placement)");
        type = singleTyArg(*this, *t.tyArgs);
        const Value* placement = t.placement ? t.placement : t.positional.empty() ? nullptr : &t.positional[0]->value;
        if (placement && placement->kind != Value::Kind::None)
            callArgs.push_back(placementTuple(*this, *placement, "a placement coordinate"));
        if (t.attrs) attrs = toAttrs(*t.attrs, "allocation attributes");
    } else { // TX2: T.alloc_tensor(shape, dtype, scope=, layout=, allocated_addr=)
        if (t.positional.size() > 2)
            fail(t.positional[2]->span,
                 "too many positional arguments for 'T.alloc_tensor': expected at most 2 (shape, dtype)");
        if (!t.positional.empty()) t.shape = &t.positional[0]->value;
        if (t.positional.size() > 1) t.dtype = &t.positional[1]->value;
        if (t.data) fail(span, "T.alloc_tensor does not take 'data'; use T.decl_tensor to alias storage");
        type = buildType(*this, t, span, "T.alloc_tensor");
        if (t.allocatedAddr && t.allocatedAddr->kind != Value::Kind::None) {
            const auto& s = type->scope();
            if (!isOnChipScope(s)) fail(t.allocatedAddr->span, "allocated_addr is not allowed for scope '" + s + "'");
            if (!t.old && t.allocatedAddr->kind != Value::Kind::Seq)
                fail(t.allocatedAddr->span, "allocated_addr must be a list such as [0]");
            callArgs.push_back(placementTuple(*this, *t.allocatedAddr, "allocated_addr"));
        }
    }
    if (t.annotations) attrs = toAttrs(*t.annotations, "allocation annotations");
    return Value::ofExpr(call(kAllocTensor, std::move(callArgs), std::move(attrs), DataType::handle(), {type}, span),
                         span);
}

Value Parser::declTensor(std::vector<Arg>& args, Span span)
{
    TensorArgs t = collect(*this, args, "T.decl_tensor", {TENSOR_KEYWORDS, "data", "ty_args"});
    TensorTypeRef type;
    Expr data;
    if (t.tyArgs) { // TX3: T.decl_tensor(data, ty_args=[...])
        if (t.positional.size() != 1 && !t.data)
            fail(span, "T.decl_tensor with ty_args takes the data pointer as its one positional argument");
        type = singleTyArg(*this, *t.tyArgs);
        data = toExpr(t.data ? *t.data : t.positional[0]->value, "a data pointer");
    } else {
        if (t.positional.size() > 2)
            fail(t.positional[2]->span,
                 "too many positional arguments for 'T.decl_tensor': expected at most 2 (shape, dtype)");
        if (!t.positional.empty()) t.shape = &t.positional[0]->value;
        if (t.positional.size() > 1) t.dtype = &t.positional[1]->value;
        if (!t.data) fail(span, "T.decl_tensor needs data=<pointer>, e.g. data=A.data");
        data = toExpr(*t.data, "a data pointer");
        // When data is given, the scope comes from the pointer (TX2 decl_tensor).
        std::string scope;
        if (const auto* c = as<CallNode>(data); c && c->op() == kTensorDataPtr) {
            if (const auto* v = as<VarNode>(c->args()[0]); v && v->isTensor()) scope = v->tensorType()->scope();
        }
        type = buildType(*this, t, span, "T.decl_tensor", scope);
    }
    if (!data->dtype().isHandle()) fail(span, "the data of T.decl_tensor must be a pointer such as A.data");
    return Value::ofExpr(call(kDeclTensor, {data}, {}, DataType::handle(), {type}, span), span);
}

Value Parser::viewTensor(const Value& method, std::vector<Arg>& args, Span span)
{
    const auto* var = as<VarNode>(method.expr);
    const auto& parent = var->tensorType();
    std::vector<Expr> shape;
    const Value* layoutArg = nullptr;
    for (auto& a : args) {
        if (a.keyword == "layout") {
            layoutArg = &a.value;
            continue;
        }
        if (!a.keyword.empty()) fail(a.span, "unknown keyword argument '" + std::string(a.keyword) + "' for 'view'");
        if (a.value.kind == Value::Kind::Str) fail(a.span, "dtype-reinterpreting views are not supported");
        for (auto& e : toShape(a.value, "view")) shape.push_back(e);
    }
    if (shape.empty()) fail(span, "view needs a shape");
    int64_t total = 1;
    bool constParent = true;
    for (const auto& d : parent->shape()) {
        auto c = constInt(d);
        if (!c)
            constParent = false;
        else
            total *= *c;
    }
    int inferred = -1;
    int64_t known = 1;
    bool constView = true;
    for (size_t i = 0; i < shape.size(); ++i) {
        auto c = constInt(shape[i]);
        if (!c) {
            constView = false;
            continue;
        }
        if (*c == -1 && !layoutArg) {
            if (inferred >= 0) fail(span, "only one dimension of a view can be -1");
            inferred = static_cast<int>(i);
        } else {
            known *= *c;
        }
    }
    if (inferred >= 0) {
        if (!constParent || !constView || known == 0 || total % known != 0)
            fail(span, "cannot infer the -1 dimension of this view");
        shape[static_cast<size_t>(inferred)] = intImm(total / known, DataType::int32(), span);
        known = total;
    }
    if (constParent && constView && !layoutArg && known != total)
        fail(span, "view has " + std::to_string(known) + " elements but tensor '" + var->name() + "' has " +
                       std::to_string(total));
    TensorType::Fields f = parent->fields();
    f.shape = shape;
    if (layoutArg) f.layout = resolveLayout(layoutArg, shape, f.scope, false);
    auto type = shareType(std::move(f));
    return Value::ofExpr(call(kDeclTensor, {dataPointer(method, span)}, {}, DataType::handle(), {type}, span), span);
}

TensorTypeRef Parser::shareType(TensorType::Fields fields)
{
    TensorTypeRef type = makeTensorType(std::move(fields));
    std::string key = constantTypeKey(*type);
    if (key.empty()) return type;
    return m_typesByKey.try_emplace(std::move(key), std::move(type)).first->second;
}

Layout Parser::resolveLayout(const Value* arg, const std::vector<Expr>& shape, const std::string& scope,
                             bool oldDefault)
{
    // Chapter 01 §5.2 (TX2 _get_layout).
    if (!arg) {
        if (oldDefault || isScope(scope, MemSpace::Sbuf) || isScope(scope, MemSpace::Psum)) return nullptr;
        return defaultLayout(shape);
    }
    switch (arg->kind) {
    case Value::Kind::None: return nullptr;
    case Value::Kind::Str: {
        if (arg->str == "default") return defaultLayout(shape);
        bool pf = !arg->str.empty();
        for (char c : arg->str) pf = pf && (c == 'P' || c == 'F');
        if (!pf)
            fail(arg->span,
                 "invalid layout string '" + arg->str + "'; expected \"default\" or a P/F annotation such as \"PF\"");
        auto r = trainiumLayout(arg->str, shape, isScope(scope, MemSpace::Psum));
        if (r.layout) return r.layout;
        if (isScope(scope, MemSpace::Psum)) {
            if (auto message = psumLayoutError(arg->str, shape)) {
                // Reported once, and the tensor still named, so its uses do
                // not each add "name is not defined".
                error(arg->span, *message);
                return nullptr;
            }
        }
        fail(arg->span, "invalid layout: " + r.error);
    }
    case Value::Kind::Layout: return arg->layout();
    case Value::Kind::LayoutSum: fail(arg->span, "invalid layout: wrap the notation in T.TileLayout(...)");
    case Value::Kind::Expr:
    case Value::Kind::Seq:
    case Value::Kind::Dict:
    case Value::Kind::Type:
    case Value::Kind::Target:
    case Value::Kind::Namespace:
    case Value::Kind::Axis:
    case Value::Kind::Method: break;
    }
    fail(arg->span,
         "invalid layout: expected T.TileLayout(...), None, \"default\" or a P/F string, got " + describe(*arg));
}

Iter Parser::makeIter(const Value& extent, const Value& stride)
{
    Expr e = toExpr(extent, "a layout extent");
    if (stride.kind == Value::Kind::LayoutSum && stride.shard().empty() && stride.replica().empty() &&
        stride.offset().size() == 1)
        return Iter{e, stride.offset()[0].second, stride.offset()[0].first};
    if (stride.kind == Value::Kind::Str) {
        Axis a = Axis::find(stride.str);
        if (!a.valid()) fail(stride.span, "unknown layout axis '" + stride.str + "'");
        return Iter{e, intImm(1), a};
    }
    if (stride.kind == Value::Kind::Seq && stride.items.size() == 2 && stride.items[1].kind == Value::Kind::Str) {
        Axis a = Axis::find(stride.items[1].str);
        if (!a.valid()) fail(stride.items[1].span, "unknown layout axis '" + stride.items[1].str + "'");
        return Iter{e, toExpr(stride.items[0], "a layout stride"), a};
    }
    if (stride.kind == Value::Kind::Expr) return Iter{e, toExpr(stride, "a layout stride"), Axis::m()};
    fail(stride.span, "invalid layout: a stride must be 'v @ Axis', an integer, an axis name or (v, \"Axis\")");
}

Value Parser::shardSpec(bool replica, Span start)
{
    advance(); // [
    auto items = [](const Value& v) { return v.kind == Value::Kind::Seq ? v.items : std::vector<Value>{v}; };
    Value first = parseExpr();
    std::vector<Value> extents = items(first);
    if (isOp(",")) {
        extents = {first};
        while (acceptOp(",")) {
            if (isOp("]")) break;
            extents.push_back(parseExpr());
        }
    }
    std::vector<Value> strides;
    bool explicitStrides = false;
    if (acceptOp(":")) {
        explicitStrides = true;
        strides = items(parseExpr());
        if (isOp(":")) failAtCurrent("invalid layout: a step is not allowed in T.S[...]");
    }
    expectOp("]", "to close the layout notation");
    const Span span = spanFrom(start);
    if (extents.empty()) fail(span, "invalid layout: no extents given");
    if (explicitStrides && strides.size() != extents.size())
        fail(span, "invalid layout: " + std::to_string(extents.size()) + " extents but " +
                       std::to_string(strides.size()) + " strides");
    std::vector<Iter> iters(extents.size());
    if (explicitStrides) {
        for (size_t i = 0; i < extents.size(); ++i) iters[i] = makeIter(extents[i], strides[i]);
    } else {
        Expr stride = intImm(1);
        for (size_t i = extents.size(); i-- > 0;) {
            Expr e = toExpr(extents[i], "a layout extent");
            iters[i] = Iter{e, stride, Axis::m()};
            stride = mul(stride, e);
        }
    }
    Value v;
    v.kind = Value::Kind::LayoutSum;
    (replica ? v.replica() : v.shard()) = std::move(iters);
    v.span = span;
    return v;
}

Value Parser::tileLayout(std::vector<Arg>& args, Span span)
{
    if (args.size() != 1 || !args[0].keyword.empty())
        fail(span, "T.TileLayout takes one argument, e.g. T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)])");
    const Value& spec = args[0].value;
    if (spec.kind == Value::Kind::Layout) return spec;
    if (spec.kind != Value::Kind::LayoutSum || spec.shard().empty())
        fail(spec.span, "invalid layout: T.TileLayout needs a shard T.S[...]");
    Value v;
    v.kind = Value::Kind::Layout;
    v.layout() = makeLayout(spec.shard(), spec.replica(), spec.offset());
    v.span = span;
    return v;
}

Value Parser::layoutToPsum(const Value& method, std::vector<Arg>& args, Span span)
{
    if (!args.empty()) fail(args[0].span, "to_psum() takes no arguments");
    auto converted = toPsum(method.layout());
    if (!converted.error.empty()) fail(span, converted.error);
    // The module keeps the converted layout only, as the reference does:
    // it prints with its Bank iters and parses back to the same layout.
    Value v;
    v.kind = Value::Kind::Layout;
    v.layout() = std::move(converted.layout);
    v.span = span;
    return v;
}

Value Parser::layoutFromIters(std::vector<Arg>& args, Span span)
{
    std::vector<Iter> shard;
    std::vector<Iter> replica;
    std::vector<std::pair<Axis, Expr>> offset;
    auto iters = [&](const Value& v, std::vector<Iter>& out) {
        if (v.kind != Value::Kind::Seq) fail(v.span, "invalid layout: expected a list of T.Iter(...)");
        for (const auto& it : v.items) {
            if (it.kind != Value::Kind::LayoutSum || it.shard().size() != 1)
                fail(it.span, "invalid layout: expected T.Iter(extent, stride, axis)");
            out.push_back(it.shard()[0]);
        }
    };
    for (auto& a : args) {
        if (a.keyword == "shard" || (a.keyword.empty() && &a == &args[0]))
            iters(a.value, shard);
        else if (a.keyword == "replica")
            iters(a.value, replica);
        else if (a.keyword == "offset") {
            if (a.value.kind != Value::Kind::Dict) fail(a.span, "invalid layout: offset must be a dict");
            for (size_t i = 0; i + 1 < a.value.items.size(); i += 2) {
                Axis ax = Axis::find(requireStr(a.value.items[i], "an axis name"));
                if (!ax.valid()) fail(a.value.items[i].span, "unknown layout axis '" + a.value.items[i].str + "'");
                offset.emplace_back(ax, toExpr(a.value.items[i + 1], "a layout offset"));
            }
        } else
            fail(a.span, "unknown keyword argument '" + std::string(a.keyword) + "' for 'T.TileLayout.from_iters'");
    }
    if (shard.empty()) fail(span, "invalid layout: from_iters needs a non-empty shard");
    Value v;
    v.kind = Value::Kind::Layout;
    v.layout() = makeLayout(std::move(shard), std::move(replica), std::move(offset));
    v.span = span;
    return v;
}

} // namespace tirx::script
