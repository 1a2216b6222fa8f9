// TVMScript parser: calls. Builtins the parser evaluates itself (constants,
// min/max, regions, func_attr) are handled here; NKI instructions and tile ops
// go to the callable table's rows in parse_table_call.cpp.

#include "script/parser_impl.h"

#include "ir/binary_ops.h"

#include <array>
#include <limits>

namespace tirx::script {

std::vector<Arg> Parser::parseCallArgs()
{
    expectOp("(");
    std::vector<Arg> args;
    if (!m_argPool.empty()) {
        args = std::move(m_argPool.back());
        m_argPool.pop_back();
    }
    bool sawKeyword = false;
    while (!isOp(")")) {
        const Span start = cur().span;
        Arg a;
        if (isOp("*") || isOp("**")) failAtCurrent("argument unpacking is not supported");
        if (cur().kind == TokenKind::Name && peekTok().kind == TokenKind::Operator && peekTok().text == "=") {
            a.keyword = advance().text;
            advance();
            for (const auto& other : args) {
                if (other.keyword == a.keyword)
                    fail(start, "keyword argument '" + std::string(a.keyword) + "' repeated");
            }
            sawKeyword = true;
        } else if (sawKeyword) {
            failAtCurrent("positional argument follows keyword argument");
        }
        a.value = parseExpr();
        a.span = spanFrom(start);
        if (a.keyword.empty())
            a.span = a.value.span;
        else
            a.span = start;
        args.push_back(std::move(a));
        if (!acceptOp(",")) break;
    }
    expectOp(")", "to close the argument list");
    return args;
}

void Parser::recycleArgs(std::vector<Arg>&& args)
{
    args.clear();
    if (m_argPool.size() < kArgPoolSize) m_argPool.push_back(std::move(args));
}

Value Parser::parseCall(const Value& callee, Span start)
{
    auto args = parseCallArgs();
    const Span span = spanFrom(start);
    if (callee.kind == Value::Kind::Namespace) {
        Value result = callNamespace(callee.str, args, span);
        recycleArgs(std::move(args));
        return result;
    }
    if (callee.kind == Value::Kind::Method) {
        if (callee.str == "to_psum") return layoutToPsum(callee, args, span);
        if (callee.str == "view") return viewTensor(callee, args, span);
        const auto* var = as<VarNode>(callee.expr);
        return Value::ofStr(var->tensorType()->scope(), span); // A.scope()
    }
    fail(start, "'" + describe(callee) + "' is not callable");
}

Value Parser::regionCall(const std::string& op, std::vector<Expr> regionArgs, Attrs attrs, Span span)
{
    // A region marker: a call value tagged "region"; the statement parser turns
    // it into a RegionStmt (flat form) or uses it as a with-item.
    Value v = Value::ofExpr(call(op, std::move(regionArgs), std::move(attrs), DataType::voidType(), {}, span), span);
    v.str = "region";
    return v;
}

std::optional<FlatRegion> Parser::asRegionMarker(const Value& v)
{
    if (v.kind != Value::Kind::Expr || v.str != "region") return std::nullopt;
    const auto* c = as<CallNode>(v.expr);
    return FlatRegion{c->op(), c->args(), c->attrs()};
}

Value Parser::callNamespace(std::string_view path, std::vector<Arg>& args, Span span)
{
    if (path.starts_with("Tx.")) return callOldTile(std::string_view(path).substr(3), args, span);
    if (path == "T.Tensor" || path == "T.Buffer") {
        Value v;
        v.kind = Value::Kind::Type;
        v.type() = tensorType(args, span, path);
        v.span = span;
        return v;
    }
    if (path == "T.alloc_tensor" || path == "T.alloc_buffer") {
        if (!m_inFunction) fail(span, "'" + std::string(path) + "' may only appear inside a function");
        if (path == "T.alloc_buffer") args.push_back({"__old", Value::none(span), span});
        return allocTensor(args, span);
    }
    if (path == "T.decl_tensor" || path == "T.decl_buffer") {
        if (!m_inFunction) fail(span, "'" + std::string(path) + "' may only appear inside a function");
        if (path == "T.decl_buffer") args.push_back({"__old", Value::none(span), span});
        return declTensor(args, span);
    }
    if (path == "T.TileLayout") return tileLayout(args, span);
    if (path == "T.Iter") {
        if (args.size() != 3) fail(span, "T.Iter takes (extent, stride, axis)");
        Value stride = args[1].value;
        const Value& axis = args[2].value;
        if (axis.kind == Value::Kind::Axis) {
            Value sum;
            sum.kind = Value::Kind::LayoutSum;
            sum.offset().emplace_back(axis.axis, toExpr(stride, "a layout stride"));
            stride = sum;
        } else {
            Value pair;
            pair.kind = Value::Kind::Seq;
            pair.items = {stride, axis};
            pair.span = span;
            stride = pair;
        }
        Value v;
        v.kind = Value::Kind::LayoutSum;
        v.shard().push_back(makeIter(args[0].value, stride));
        v.span = span;
        return v;
    }
    if (path == "T.TileLayout.from_iters") return layoutFromIters(args, span);
    if (path == "tvm.target.Target" || path == "T.target" || path == "tvm.target") {
        if (args.empty() || args[0].value.kind != Value::Kind::Str || !args[0].keyword.empty())
            fail(span, "'" + std::string(path) + "' expects a target tag string");
        Value v;
        v.kind = Value::Kind::Target;
        v.str = args[0].value.str;
        v.span = span;
        return v;
    }
    bool handled = false;
    Value v = callBuiltin(path, args, span, handled);
    if (handled) return v;
    return callTable(path, args, span);
}

namespace {

bool noKeywords(const std::vector<Arg>& args)
{
    for (const auto& a : args) {
        if (!a.keyword.empty()) return false;
    }
    return true;
}

} // namespace

Value Parser::callBuiltin(std::string_view name, std::vector<Arg>& args, Span span, bool& handled)
{
    handled = true;
    auto arity = [&](size_t n) {
        if (args.size() != n || !noKeywords(args))
            fail(span, "'" + std::string(name) + "' takes exactly " + std::to_string(n) + " positional argument" +
                           (n == 1 ? "" : "s") + " (" + std::to_string(args.size()) + " given)");
    };
    if (name == "T.func_attr") {
        arity(1);
        if (!m_inFunction) fail(span, "T.func_attr may only appear inside a function");
        if (!m_attrsAllowed) fail(span, "T.func_attr must be the first statement of a function");
        const Attrs given = toAttrs(args[0].value, "function attributes");
        for (const auto& [k, v] : given.entries()) m_funcAttrs = m_funcAttrs.with(k, v);
        return Value::none(span);
    }
    if (name == "T.evaluate") {
        // The printed form of a statement that is a bare non-call expression.
        arity(1);
        return Value::ofExpr(toExpr(args[0].value, "the argument of T.evaluate"), span);
    }
    if (name == "T.device_entry" || name == "T.nki.tensorized_instruction" || name == "T.device_scope") {
        arity(0);
        const char* op = name == "T.device_entry"                 ? kDeviceEntry
                         : name == "T.nki.tensorized_instruction" ? kTensorizedInstruction
                                                                  : "tirx.device_scope";
        return regionCall(op, {}, {}, span);
    }
    if (name == "T.region") {
        if (args.empty() || args[0].value.kind != Value::Kind::Str) fail(span, "T.region expects an op name string");
        std::vector<Expr> rargs;
        Attrs attrs;
        for (size_t i = 1; i < args.size(); ++i) {
            if (args[i].keyword == "attrs")
                attrs = toAttrs(args[i].value, "region attributes");
            else if (args[i].keyword.empty() || args[i].keyword == "args") {
                if (args[i].value.kind != Value::Kind::Seq) fail(args[i].span, "T.region expects a list of arguments");
                for (const auto& it : args[i].value.items) rargs.push_back(toOperand(it));
            } else
                fail(args[i].span, "unknown keyword argument '" + std::string(args[i].keyword) + "' for 'T.region'");
        }
        return regionCall(args[0].value.str, std::move(rargs), std::move(attrs), span);
    }
    if (name == "T.attr") {
        // TX1: T.attr(0, "tensorized_nki_instruction", 1) and the printed
        // T.attr({"tensorized_nki_instruction": 1}) both mean the NKI region.
        std::string key;
        if (args.size() == 1 && args[0].value.kind == Value::Kind::Dict && args[0].value.items.size() == 2 &&
            args[0].value.items[0].kind == Value::Kind::Str)
            key = args[0].value.items[0].str;
        else if (args.size() == 3 && args[1].value.kind == Value::Kind::Str)
            key = args[1].value.str;
        else
            fail(span, "unsupported T.attr form; expected T.attr(node, \"key\", value)");
        if (key == "tensorized_nki_instruction") return regionCall(kTensorizedInstruction, {}, {}, span);
        if (key == "tirx.device_entry") return regionCall(kDeviceEntry, {}, {}, span);
        fail(span, "unsupported attribute statement key '" + key + "'");
    }
    if (name == "range" || name == "T.serial" || name == "T.parallel" || name == "T.unroll" || name == "T.vectorized" ||
        name == "T.grid")
        fail(span, "'" + std::string(name) + "' may only be used as the iterator of a for loop");
    // Dtype conversions, min/max and the like are one word after "T.": a dotted
    // name (T.nki.load) is an instruction for the callable table.
    if (name.starts_with("T.") && name.find('.', 2) == std::string_view::npos) {
        const auto short_ = name.substr(2);
        if (auto dt = DataType::parse(short_); dt && short_ != "handle") {
            arity(1);
            const Value& a = args[0].value;
            if (a.kind == Value::Kind::Expr && a.py && !a.partialIndex) {
                if (const auto* f = as<FloatImmNode>(a.expr)) {
                    if (dt->isFloat()) return Value::ofExpr(floatImm(f->value(), *dt, span), span);
                    return Value::ofExpr(intImm(static_cast<int64_t>(f->value()), *dt, span), span);
                }
                const int64_t i = as<IntImmNode>(a.expr)->value();
                if (dt->isFloat()) return Value::ofExpr(floatImm(static_cast<double>(i), *dt, span), span);
                if (dt->isBool()) return Value::ofExpr(boolImm(i != 0, span), span);
                return Value::ofExpr(intImm(i, *dt, span), span);
            }
            return Value::ofExpr(cast(*dt, toExpr(a, "a value to convert"), span), span);
        }
        if (const std::optional<BinaryOp> bop = findBinaryCall(short_)) {
            arity(2);
            Value a = args[0].value;
            Value b = args[1].value;
            Expr x = toExpr(a, "an operand");
            Expr y = toExpr(b, "an operand");
            if (a.py && !b.py && a.expr->kind() == ExprKind::IntImm && y->dtype().isInt())
                x = intImm(constInt(x).value(), y->dtype(), a.span);
            if (b.py && !a.py && b.expr->kind() == ExprKind::IntImm && x->dtype().isInt())
                y = intImm(constInt(y).value(), x->dtype(), b.span);
            return Value::ofExpr(withSpan(binary(*bop, x, y, span), span), span);
        }
        if (short_ == "Not") {
            arity(1);
            return Value::ofExpr(logicalNot(toExpr(args[0].value, "a condition"), span), span);
        }
        if (short_ == "Select") {
            arity(3);
            return Value::ofExpr(select(toExpr(args[0].value, "a condition"), toExpr(args[1].value, "a value"),
                                        toExpr(args[2].value, "a value"), span),
                                 span);
        }
        if (short_ == "Cast") {
            arity(2);
            return Value::ofExpr(cast(requireDtype(args[0].value), toExpr(args[1].value, "a value"), span), span);
        }
    }
    handled = false;
    return {};
}

} // namespace tirx::script
