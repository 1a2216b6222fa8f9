// TVMScript parser: calls of the callable table (ir/callables.h). NKI
// instructions and tile ops are validated against their rows and normalised
// per chapter 05 §1.2: opcodes checked, defaults filled, regions and
// qualifiers converted; the older tile spellings are read here too.

#include "ir/mem_space.h"
#include "script/parser_impl.h"

#include <array>
#include <limits>
#include <unordered_map>

namespace tirx::script {

void Parser::checkOpcode(const Value& v, const CallableParam& param, std::string_view callee)
{
    if (findOpcode(v.str, param.opcodes)) return;
    fail(v.span, "unknown opcode \"" + v.str + "\" for '" + std::string(param.name) + "' of '" + std::string(callee) +
                     "'; expected one of " + validOpcodes(param.opcodes));
}

Expr Parser::defaultExpr(const CallableParam& param)
{
    // Built as the parser builds the same literal, once per parameter: the
    // nodes are immutable, so every call shares them.
    static thread_local std::unordered_map<const CallableParam*, Expr> cache;
    if (auto it = cache.find(&param); it != cache.end()) return it->second;
    const DefaultValue& d = param.defaultValue;
    const auto integer = [](int64_t i) {
        const bool fits = i >= std::numeric_limits<int32_t>::min() && i <= std::numeric_limits<int32_t>::max();
        return Value::ofExpr(intImm(i, fits ? DataType::int32() : DataType::int64(), {}), {}, true);
    };
    Expr out;
    switch (d.kind) {
    case DefaultValue::Kind::Required:
    case DefaultValue::Kind::Omitted:
    case DefaultValue::Kind::None:
    case DefaultValue::Kind::EmptyDict: break;
    case DefaultValue::Kind::Bool: out = toOperand(Value::ofExpr(boolImm(d.boolean, {}), {}, true)); break;
    case DefaultValue::Kind::Int: out = toOperand(integer(d.integer)); break;
    case DefaultValue::Kind::Float:
        out = toOperand(Value::ofExpr(floatImm(d.real, DataType::float32(), {}), {}, true));
        break;
    case DefaultValue::Kind::Str: out = toOperand(Value::ofStr(std::string(d.text), {})); break;
    case DefaultValue::Kind::Ints:
    case DefaultValue::Kind::EmptyList: {
        Value list;
        list.kind = Value::Kind::Seq;
        list.isList = true;
        for (int64_t i : d.integers) list.items.push_back(integer(i));
        out = toOperand(list);
        break;
    }
    }
    cache.emplace(&param, out);
    return out;
}

Expr Parser::toRegion(const Value& v, std::string_view param, std::string_view callee)
{
    if (v.kind == Value::Kind::Expr) {
        if (const auto* var = as<VarNode>(v.expr); var && var->isTensor()) {
            std::vector<Range> ranges;
            for (const auto& d : var->tensorType()->shape())
                ranges.push_back({intImm(0, d->dtype().isInt() ? d->dtype() : DataType::int32(), v.span), d});
            return tensorRegion(std::static_pointer_cast<const VarNode>(v.expr), std::move(ranges), v.span);
        }
        if (const auto* load = as<TensorLoadNode>(v.expr)) {
            std::vector<Range> ranges;
            for (const auto& i : load->indices()) ranges.push_back({i, intImm(1, i->dtype(), v.span)});
            return tensorRegion(load->tensor(), std::move(ranges), v.span);
        }
        if (v.expr->kind() == ExprKind::TensorRegion) return v.expr;
    }
    fail(v.span, "argument '" + std::string(param) + "' of '" + std::string(callee) +
                     "' must be a tensor region, got " + describe(v));
}

Expr Parser::toQualifier(const Value& v, std::string_view param, std::string_view callee)
{
    if (v.kind == Value::Kind::Str) return stringImm(v.str, v.span);
    if (v.kind == Value::Kind::Expr && v.py && !v.partialIndex) {
        if (param == "axes" && v.expr->kind() == ExprKind::IntImm) return tuple({v.expr}, v.span);
        return v.expr;
    }
    if (v.kind == Value::Kind::Seq) {
        std::vector<Expr> items;
        for (const auto& item : v.items) {
            if (!item.py || item.kind == Value::Kind::Seq) toQualifier(item, param, callee);
            // Only a bare int axes is wrapped into a list, not the items of one.
            const bool plain = item.kind == Value::Kind::Expr && item.py && !item.partialIndex;
            items.push_back(plain ? item.expr : toQualifier(item, param, callee));
        }
        return tuple(std::move(items), v.span);
    }
    fail(v.span, "qualifier '" + std::string(param) + "' of '" + std::string(callee) +
                     "' must be a Python constant (string, integer, boolean or list), not " +
                     (v.kind == Value::Kind::Expr ? std::string("an IR expression") : describe(v)));
}

Value Parser::callTable(std::string_view path, std::vector<Arg>& args, Span span)
{
    const Callable* c = findCallable(path);
    if (!c || c->op.empty() || c->kind == CallableKind::Loop || c->kind == CallableKind::Type ||
        c->kind == CallableKind::Layout) {
        if (c) fail(span, "'" + std::string(path) + "' cannot be called here");
        std::string msg = "unknown TIRx call '" + std::string(path) + "'";
        if (const Callable* near = nearestCallable(path)) msg += "; did you mean '" + std::string(near->name) + "'?";
        fail(span, msg);
    }
    const std::string_view callee = c->name;
    const bool tileOp = c->kind == CallableKind::TileOp;
    // Fixed-size tables: every instruction call comes through here, and the
    // largest callable has 15 parameters.
    constexpr size_t kMaxParams = 32;
    if (c->params.size() > kMaxParams)
        fail(span, "internal error: '" + std::string(callee) + "' has more parameters than the parser supports");
    std::array<size_t, kMaxParams> positional{}; // parameter indices, in order
    size_t positionalCount = 0;
    size_t qualifierCount = 0;
    const CallableParam* variadic = nullptr;
    for (size_t i = 0; i < c->params.size(); ++i) {
        const CallableParam& p = c->params[i];
        if (p.role == ParamRole::Qualifier) ++qualifierCount;
        if (p.variadic)
            variadic = &p;
        else if (!p.keywordOnly && p.role != ParamRole::Qualifier)
            positional[positionalCount++] = i;
    }
    std::array<const Arg*, kMaxParams> given{};
    std::vector<const Arg*> rest;
    size_t pos = 0;
    for (const auto& a : args) {
        if (a.keyword.empty()) {
            if (pos < positionalCount) {
                given[positional[pos]] = &a;
                ++pos;
                continue;
            }
            if (variadic) {
                rest.push_back(&a);
                continue;
            }
            fail(a.span, "too many positional arguments for '" + std::string(callee) + "': expected at most " +
                             std::to_string(positionalCount) + ", got " +
                             std::to_string(std::count_if(args.begin(), args.end(),
                                                          [](const Arg& x) { return x.keyword.empty(); })));
        }
        const CallableParam* match = nullptr;
        for (const auto& p : c->params) {
            if (p.name == a.keyword) match = &p;
        }
        if (!match) {
            std::vector<std::string_view> names;
            for (const auto& p : c->params) names.push_back(p.name);
            std::string msg =
                "unknown keyword argument '" + std::string(a.keyword) + "' for '" + std::string(callee) + "'";
            if (auto best = closestName(a.keyword, names); !best.empty())
                msg += "; did you mean '" + std::string(best) + "'?";
            fail(a.span, msg);
        }
        const auto idx = static_cast<size_t>(match - c->params.data());
        if (given[idx])
            fail(a.span, "argument '" + std::string(a.keyword) + "' of '" + std::string(callee) + "' given twice");
        given[idx] = &a;
    }
    // Sized once: the operands are one per parameter that is not a qualifier
    // (the variadic one stands for `rest`), the attributes at most one per qualifier.
    std::vector<Expr> out;
    out.reserve(c->params.size() - qualifierCount + rest.size());
    std::vector<Attrs::Entry> attrs;
    attrs.reserve(qualifierCount);
    for (size_t i = 0; i < c->params.size(); ++i) {
        const CallableParam& p = c->params[i];
        if (p.variadic) {
            for (const Arg* a : rest) out.push_back(toOperand(a->value));
            continue;
        }
        const Arg* a = given[i];
        const bool absent = !a || (a->value.kind == Value::Kind::None && p.optional);
        if (p.role == ParamRole::Qualifier) {
            if (!absent && p.opcodes != OpcodeUse::None && a->value.kind == Value::Kind::Str)
                checkOpcode(a->value, p, callee);
            if (absent) {
                // Default qualifiers are stored, so attrs always hold the full set (chapter 05 §1.2).
                if (Expr d = defaultExpr(p)) attrs.emplace_back(std::string(p.name), d);
                continue;
            }
            attrs.emplace_back(std::string(p.name), toQualifier(a->value, p.name, callee));
            continue;
        }
        if (absent) {
            if (!p.optional && !p.hasDefault())
                fail(span, "missing required argument '" + std::string(p.name) + "' for '" + std::string(callee) + "'");
            Expr d = defaultExpr(p);
            out.push_back(d ? d : tuple({}, span));
            continue;
        }
        const Value& v = a->value;
        if (p.opcodes != OpcodeUse::None && v.kind == Value::Kind::Str) checkOpcode(v, p, callee);
        // Built only when a message needs it: most arguments are fine.
        const auto where = [&] { return "argument '" + std::string(p.name) + "' of '" + std::string(callee) + "'"; };
        switch (p.role) {
        case ParamRole::Tensor:
            if (v.kind == Value::Kind::Str) fail(v.span, where() + " must be a tensor, got a string");
            if (tileOp) {
                if (p.type == "region")
                    out.push_back(toRegion(v, p.name, callee));
                else if (v.kind == Value::Kind::Expr && (as<VarNode>(v.expr) && as<VarNode>(v.expr)->isTensor()))
                    out.push_back(toRegion(v, p.name, callee));
                else if (v.kind == Value::Kind::Expr && v.expr->kind() == ExprKind::TensorRegion)
                    out.push_back(toRegion(v, p.name, callee));
                else if (v.kind == Value::Kind::Expr && v.expr->kind() == ExprKind::TensorLoad)
                    out.push_back(toRegion(v, p.name, callee));
                else
                    out.push_back(isPlainExpr(v) ? v.expr : toExpr(v, "a tensor region or scalar for " + where()));
            } else {
                if (v.kind != Value::Kind::Expr ||
                    (v.expr->kind() != ExprKind::TensorLoad && v.expr->kind() != ExprKind::TensorRegion &&
                     !(as<VarNode>(v.expr) && as<VarNode>(v.expr)->isTensor())))
                    fail(v.span, where() + " must be a tensor element such as A[p, f], got " + describe(v));
                out.push_back(v.expr);
            }
            break;
        case ParamRole::Scalar:
            if (v.kind == Value::Kind::Str) {
                if (p.type == "str") {
                    out.push_back(stringImm(v.str, v.span));
                    break;
                }
                fail(v.span, where() + " must be a scalar expression, got a string");
            }
            if (p.type == "str") fail(v.span, where() + " must be a string, got " + describe(v));
            out.push_back(isPlainExpr(v) ? v.expr : toExpr(v, "a scalar for " + where()));
            break;
        case ParamRole::Workspace:
            if (v.kind != Value::Kind::Expr || !(as<VarNode>(v.expr) && as<VarNode>(v.expr)->isTensor()))
                fail(v.span, where() + " must be a tensor variable, got " + describe(v));
            out.push_back(v.expr);
            break;
        case ParamRole::Value: out.push_back(toOperand(v)); break;
        case ParamRole::Qualifier: break;
        }
    }
    DataType dtype = DataType::voidType();
    if (c->result == "expr" && !out.empty()) dtype = out.front()->dtype();
    return Value::ofExpr(call(std::string(c->op), std::move(out), Attrs{std::move(attrs)}, dtype, {}, span), span);
}

Value Parser::callOldTile(std::string_view name, std::vector<Arg>& args, Span span)
{
    // TX1 generic tile ops (spec 05 §5), only where the mapping is one to one.
    auto operand = [&](size_t i) -> const Value* {
        size_t n = 0;
        for (const auto& a : args) {
            if (a.keyword.empty() && n++ == i) return &a.value;
        }
        return nullptr;
    };
    auto scopeOf = [&](const Value* v) -> std::string {
        if (!v || v->kind != Value::Kind::Expr) return {};
        const VarNode* var = as<VarNode>(v->expr);
        if (const auto* r = as<TensorRegionNode>(v->expr)) var = r->tensor().get();
        if (const auto* l = as<TensorLoadNode>(v->expr)) var = l->tensor().get();
        return var && var->isTensor() ? var->tensorType()->scope() : std::string{};
    };
    auto isTensorValue = [&](const Value* v) { return !scopeOf(v).empty(); };
    // Expands workspace={...} / config={...} dicts into keywords.
    std::vector<Arg> out;
    for (auto& a : args) {
        if ((a.keyword == "workspace" || a.keyword == "config") && a.value.kind == Value::Kind::Dict) {
            for (size_t i = 0; i + 1 < a.value.items.size(); i += 2) {
                const Value& k = a.value.items[i];
                if (k.kind != Value::Kind::Str)
                    fail(k.span, "keys of '" + std::string(a.keyword) + "' must be strings");
                // The key text must outlive the Arg: keep it in the callable table's names.
                const Callable* any = findCallable("T.trn.tile.matmul");
                std::string_view key;
                for (const auto* c :
                     {any, findCallable("T.trn.tile.activation"), findCallable("T.trn.tile.tensorreduce")})
                    for (const auto& p : c ? c->params : std::vector<CallableParam>{})
                        if (p.name == k.str) key = p.name;
                if (key.empty()) fail(k.span, "unknown " + std::string(a.keyword) + " entry '" + k.str + "'");
                out.push_back({key, a.value.items[i + 1], k.span});
            }
        } else {
            out.push_back(a);
        }
    }
    auto kwArg = [&](std::string_view k, Value v) { out.push_back({k, std::move(v), span}); };
    std::string target;
    if (name == "copy") {
        const std::string dst = scopeOf(operand(0));
        const std::string src = scopeOf(operand(1));
        target = isScope(src, MemSpace::Hbm) && !isScope(dst, MemSpace::Hbm)   ? "load"
                 : isScope(dst, MemSpace::Hbm) && !isScope(src, MemSpace::Hbm) ? "store"
                                                                               : "tensor_copy";
    } else if (name == "memset" || name == "reciprocal") {
        target = std::string(name);
    } else if (name == "gemm") {
        target = "matmul";
    } else if (name == "select") {
        target = "affine_select";
    } else if (name == "exp" || name == "sqrt") {
        target = "activation";
        // Tx.exp(dst, src, bias, scale) → activation(dst, src, scale, bias, opcode=...).
        std::vector<Arg> reordered;
        size_t n = 0;
        for (auto& a : out) {
            if (!a.keyword.empty())
                reordered.push_back(a);
            else if (n == 2)
                reordered.push_back({"bias", a.value, a.span}), ++n;
            else if (n == 3)
                reordered.push_back({"scale", a.value, a.span}), ++n;
            else
                reordered.push_back(a), ++n;
        }
        out = std::move(reordered);
        kwArg("opcode", Value::ofStr(std::string(name), span));
    } else if (name == "add" || name == "sub" || name == "mul" || name == "maximum" || name == "minimum") {
        target = isTensorValue(operand(2)) && isTensorValue(operand(1)) ? "tensortensor" : "tensorscalar";
        const std::string op = name == "maximum" ? "max" : name == "minimum" ? "min" : std::string(name);
        kwArg("opcode", Value::ofStr(op, span));
    } else if (name == "sum" || name == "max" || name == "min") {
        target = "tensorreduce";
        std::vector<Arg> kept;
        size_t n = 0;
        for (auto& a : out) {
            if (a.keyword == "accum" || (a.keyword.empty() && n == 3)) {
                if (pyInt(a.value).value_or(0) != 0)
                    fail(a.span, "Tx." + std::string(name) + " with accum=True has no T.trn.tile equivalent");
                if (a.keyword.empty()) ++n;
                continue;
            }
            if (a.keyword.empty() && n++ == 2)
                kept.push_back({"axes", a.value, a.span});
            else
                kept.push_back(a);
        }
        out = std::move(kept);
        kwArg("reduce_op", Value::ofStr(std::string(name), span));
    } else {
        fail(span, "old tile op 'Tx." + std::string(name) + "' has no one-to-one T.trn.tile equivalent");
    }
    return callTable("T.trn.tile." + target, out, span);
}

} // namespace tirx::script
