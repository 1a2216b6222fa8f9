// The data of the callable table (ir/callables.h): every T.*, T.nki.* and
// T.trn.tile.* name a TIRx module can call, with its operands, defaults,
// roles and (for NKI instructions) engine. Sources: spec 01 (syntax), 02
// (layouts), 05 (tile ops, §1.2 and §4), 06 (NKI instructions, §1.2 and §3).

#include "ir/callables.h"

#include <algorithm>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

namespace tirx::detail {

const std::vector<Callable>& callableTable();

namespace {

using K = CallableKind;
using R = ParamRole;

// ---- parameter helpers ------------------------------------------------------

// Required positional-or-keyword parameter.
CallableParam req(std::string_view name, R role, std::string_view type)
{
    CallableParam p;
    p.name = name;
    p.role = role;
    p.type = type;
    return p;
}

// Optional positional-or-keyword parameter with a printed default.
CallableParam opt(std::string_view name, R role, std::string_view type, std::string_view def)
{
    CallableParam p = req(name, role, type);
    p.defaultValue = def;
    p.optional = true;
    return p;
}

// Optional keyword-only parameter.
CallableParam kw(std::string_view name, R role, std::string_view type, std::string_view def)
{
    CallableParam p = opt(name, role, type, def);
    p.keywordOnly = true;
    return p;
}

// Tile-op qualifier: keyword-only static Python constant stored in attrs.
CallableParam qual(std::string_view name, std::string_view type, std::string_view def)
{
    return kw(name, R::Qualifier, type, def);
}

// Tile-op workspace operand (a tensor variable, usually passed by keyword).
CallableParam ws(std::string_view name) { return opt(name, R::Workspace, "tensor", "None"); }

// Variadic trailing parameter (*axes).
CallableParam rest(std::string_view name, R role, std::string_view type)
{
    CallableParam p = req(name, role, type);
    p.variadic = true;
    return p;
}

Callable make(std::string_view name, std::string_view op, K kind, std::vector<CallableParam> params,
              std::string_view result, std::string_view doc)
{
    Callable c;
    c.name = name;
    c.op = op;
    c.kind = kind;
    c.params = std::move(params);
    c.result = result;
    c.doc = doc;
    return c;
}

std::vector<CallableParam> cat(std::vector<CallableParam> a, std::initializer_list<CallableParam> b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

Callable nki(std::string_view name, std::string_view op, Engine engine, std::initializer_list<CallableParam> params,
             std::string_view doc)
{
    Callable c = make(name, op, K::NkiInstruction, params, "None", doc);
    c.engine = engine;
    return c;
}

Callable tile(std::string_view name, std::string_view op, std::initializer_list<CallableParam> params,
              std::string_view doc)
{
    return make(name, op, K::TileOp, params, "None", doc);
}

Callable old(Callable c, std::string_view replacedBy)
{
    c.replacedBy = replacedBy;
    return c;
}

// ---- NKI instructions (spec 06 §1.2, engines §3) ---------------------------

void addNki(std::vector<Callable>& t)
{
    const auto elem = [](std::string_view n) { return req(n, R::Tensor, "elem"); };
    const auto str = [](std::string_view n) { return req(n, R::Scalar, "str"); };
    const auto expr = [](std::string_view n) { return req(n, R::Scalar, "expr"); };

    t.push_back(nki("T.nki.activation", "tirx.nki.activation", Engine::Scalar,
                    {elem("result"), elem("data"), str("opcode"), opt("bias", R::Scalar, "expr", "0.0"),
                     opt("scale", R::Scalar, "float", "1.0")},
                    "Scalar-engine activation: result = opcode(data * scale + bias), opcode exp or sqrt."));
    t.push_back(nki("T.nki.activation_reduce", "tirx.nki.activation_reduce", Engine::Scalar,
                    {elem("reduce_res"), elem("act_res"), elem("data"), str("opcode"), str("reduce_opcode"),
                     opt("bias", R::Scalar, "expr", "0.0"), opt("scale", R::Scalar, "float", "1.0")},
                    "Activation that also folds the activated values of each partition into reduce_res."));
    t.push_back(nki(
        "T.nki.affine_select", "tirx.nki.affine_select", Engine::GpSimd,
        {elem("result"), req("pred", R::Scalar, "bool"), elem("true_value"), req("false_value", R::Scalar, "float")},
        "GpSimd masked write: true_value where the affine predicate holds, else a float constant."));
    t.push_back(nki("T.nki.identity", "tirx.nki.identity", Engine::Dma, {elem("result"), req("size", R::Scalar, "int")},
                    "Fill a size x size tile with the identity matrix (DMA from a shared constant)."));
    t.push_back(nki("T.nki.load", "tirx.nki.load", Engine::Dma, {elem("res"), elem("data")},
                    "DMA transfer of one tile from HBM into on-chip memory."));
    t.push_back(nki("T.nki.matmul", "tirx.nki.matmul", Engine::Tensor,
                    {elem("res"), elem("lhs"), elem("rhs"), opt("accum", R::Scalar, "bool", "True")},
                    "Tensor-engine product lhs^T @ rhs into PSUM, added to res when accum is true."));
    t.push_back(nki("T.nki.memset", "tirx.nki.memset", Engine::Any, {elem("result"), req("value", R::Scalar, "float")},
                    "Set every element of the tile to one constant value."));
    t.push_back(nki("T.nki.reciprocal", "tirx.nki.reciprocal", Engine::Any, {elem("result"), elem("data")},
                    "Element-wise 1 / data (Scalar or Vector engine)."));
    t.push_back(nki("T.nki.scalar_tensor_scalar", "tirx.nki.scalar_tensor_scalar", Engine::Any,
                    {elem("result"), elem("data"), expr("operand0"), expr("operand1"), str("opcode0"), str("opcode1"),
                     opt("reverse0", R::Scalar, "bool", "False"), opt("reverse1", R::Scalar, "bool", "False")},
                    "Two chained ALU ops of the tile with two scalar or per-partition operands."));
    t.push_back(nki("T.nki.scalar_tensor_tensor", "tirx.nki.scalar_tensor_tensor", Engine::Vector,
                    {elem("result"), elem("data"), expr("operand0"), elem("operand1"), str("opcode0"), str("opcode1"),
                     opt("reverse0", R::Scalar, "bool", "False"), opt("reverse1", R::Scalar, "bool", "False")},
                    "Chain: combine the tile with a scalar operand, then with a second full tile."));
    t.push_back(nki("T.nki.store", "tirx.nki.store", Engine::Dma, {elem("res"), elem("data")},
                    "DMA transfer of one on-chip tile back to HBM."));
    t.push_back(nki("T.nki.tensor_copy", "tirx.nki.tensor_copy", Engine::Any, {elem("res"), elem("data")},
                    "On-chip copy between SBUF/PSUM tiles, converting the dtype if needed."));
    t.push_back(make("T.nki.tensorized_instruction", "tirx.nki.tensorized_instruction", K::Region, {}, "None",
                     "Region marking its P/F loop nest as exactly one hardware instruction."));
    t.push_back(nki(
        "T.nki.tensorreduce", "tirx.nki.tensorreduce", Engine::Vector,
        {elem("result"), elem("data"), str("opcode"), req("negate", R::Scalar, "bool"), rest("axes", R::Scalar, "int")},
        "Vector-engine reduction of the free axes listed in axes, optionally negated."));
    t.push_back(nki(
        "T.nki.tensorscalar", "tirx.nki.tensorscalar", Engine::Any,
        {elem("result"), elem("operand0"), expr("operand1"), str("opcode"), opt("reverse", R::Scalar, "bool", "False")},
        "ALU op between a tile and a constant or per-partition value (reverse swaps the sides)."));
    t.push_back(nki("T.nki.tensorscalar_reduce", "tirx.nki.tensorscalar_reduce", Engine::Vector,
                    {elem("reduce_res"), elem("tensorscalar_res"), elem("operand0"), expr("operand1"), str("opcode"),
                     str("reduce_opcode"), opt("reverse", R::Scalar, "bool", "False")},
                    "Tile-with-scalar ALU op whose results are also reduced per partition."));
    t.push_back(nki("T.nki.tensortensor", "tirx.nki.tensortensor", Engine::Vector,
                    {elem("result"), elem("operand0"), elem("operand1"), str("opcode")},
                    "Element-wise ALU op between two tiles of the same shape."));
}

// ---- Trainium tile ops (spec 05 §1.2, §4; reference backend/trn/op.py) ------
//
// Operand types: "region" = converted to a TensorRegion (a TensorLoad becomes a
// unit region); "expr" = any expression: a tensor variable is widened to its
// full region, a float constant or element access stays as written.

void addTile(std::vector<Callable>& t)
{
    const auto region = [](std::string_view n) { return req(n, R::Tensor, "region"); };
    const auto any = [](std::string_view n) { return req(n, R::Tensor, "expr"); };
    const CallableParam scope = qual("scope", "str", "\"thread\"");
    const CallableParam inst512 = qual("max_inst_size", "int", "512");
    const CallableParam instNone = qual("max_inst_size", "int", "None");
    const CallableParam axes = qual("axes", "ints", "[-1]");
    const CallableParam reduceOp = qual("reduce_op", "str", "\"sum\"");

    t.push_back(tile("T.trn.tile.activation", "tirx.trn.tile.activation",
                     {region("dst"), region("src"), opt("scale", R::Scalar, "float", "1.0"),
                      opt("bias", R::Tensor, "expr", "0.0"), ws("const_bias"), scope, qual("opcode", "str", "\"exp\""),
                      inst512},
                     "dst = opcode(src * scale + bias) on a whole tile; opcode exp or sqrt."));
    t.push_back(tile("T.trn.tile.activation_reduce", "tirx.trn.tile.activation_reduce",
                     {region("dst"), region("reduced"), region("src"), opt("scale", R::Scalar, "float", "1.0"),
                      opt("bias", R::Tensor, "expr", "0.0"), ws("const_bias"), ws("partial_reduce"), scope,
                      qual("opcode", "str", "\"exp\""), reduceOp, axes, instNone},
                     "Activation of src into dst, plus reduce_op of the activated values over axes into reduced."));
    t.push_back(tile("T.trn.tile.affine_select", "tirx.trn.tile.affine_select",
                     {region("dst"), any("true_value"), any("false_value"), req("pred", R::Scalar, "lambda"), scope},
                     "dst = pred(index) ? true_value : false_value; one side a tile, the other a float constant."));
    t.push_back(tile("T.trn.tile.load", "tirx.trn.tile.load", {region("dst"), region("src"), scope},
                     "Copy a region from HBM into an SBUF/PSUM tile."));
    t.push_back(
        tile("T.trn.tile.matmul", "tirx.trn.tile.matmul",
             {region("D"), region("A"), region("B"), opt("C", R::Tensor, "region", "None"),
              opt("transpose_A", R::Scalar, "bool", "False"), opt("transpose_B", R::Scalar, "bool", "False"),
              opt("alpha", R::Scalar, "float", "1.0"), opt("beta", R::Scalar, "float", "0.0"), ws("acc_psum"), scope},
             "D += A @ B on the Tensor Engine (C defaults to D; only alpha=1, beta=0)."));
    t.push_back(tile("T.trn.tile.memset", "tirx.trn.tile.memset",
                     {region("dst"), req("src", R::Scalar, "float"), scope, inst512},
                     "Fill an SBUF region with a float constant."));
    t.push_back(tile("T.trn.tile.reciprocal", "tirx.trn.tile.reciprocal", {region("dst"), any("src"), scope, inst512},
                     "Element-wise dst = 1 / src."));
    t.push_back(
        tile("T.trn.tile.scalar_tensor_scalar", "tirx.trn.tile.scalar_tensor_scalar",
             {region("dst"), any("data"), any("operand0"), any("operand1"), scope, qual("op0", "str", "\"mul\""),
              qual("op1", "str", "\"add\""), qual("reverse1", "bool", "False"), inst512},
             "Two chained ALU ops: (data op0 operand0) op1 operand1, both operands scalar-like."));
    t.push_back(
        tile("T.trn.tile.scalar_tensor_tensor", "tirx.trn.tile.scalar_tensor_tensor",
             {region("dst"), any("data"), any("operand0"), any("operand1"), scope, qual("op0", "str", "\"mul\""),
              qual("op1", "str", "\"add\""), qual("reverse1", "bool", "False"), inst512},
             "Two chained ALU ops: (data op0 scalar operand0) op1 full-tile operand1."));
    t.push_back(tile("T.trn.tile.store", "tirx.trn.tile.store", {region("dst"), region("src"), scope},
                     "Copy an SBUF/PSUM tile out to an HBM region."));
    t.push_back(tile("T.trn.tile.tensor_copy", "tirx.trn.tile.tensor_copy",
                     {region("dst"), region("src"), scope, inst512},
                     "On-chip copy between SBUF/PSUM regions (no partition transpose)."));
    t.push_back(tile("T.trn.tile.tensorreduce", "tirx.trn.tile.tensorreduce",
                     {region("dst"), region("src"), ws("partial_reduce"), scope, reduceOp, axes,
                      qual("negate", "bool", "False"), instNone},
                     "Reduce src over the free axes in axes with reduce_op (sum, max, min), optionally negated."));
    t.push_back(tile("T.trn.tile.tensorscalar", "tirx.trn.tile.tensorscalar",
                     {region("dst"), any("lhs"), any("rhs"), scope, qual("opcode", "str", "\"add\""), inst512},
                     "dst = lhs opcode rhs where one side is a constant or a per-partition column."));
    t.push_back(tile("T.trn.tile.tensorscalar_reduce", "tirx.trn.tile.tensorscalar_reduce",
                     {region("dst"), region("reduced"), any("lhs"), any("rhs"), ws("partial_reduce"), scope,
                      qual("opcode", "str", "\"add\""), reduceOp, axes, instNone},
                     "dst = lhs opcode scalar rhs, and reduced = reduce_op of dst over axes."));
    t.push_back(tile("T.trn.tile.tensortensor", "tirx.trn.tile.tensortensor",
                     {region("dst"), any("lhs"), any("rhs"), scope, qual("opcode", "str", "\"add\""), inst512},
                     "dst = lhs opcode rhs element-wise between two tiles (add, sub, mul, max, min)."));
}

// ---- T.* builtins, statements, loops, types, layouts (spec 01, 02) ---------

void addCore(std::vector<Callable>& t)
{
    const auto val = [](std::string_view n, std::string_view type) { return req(n, R::Value, type); };
    const auto sc = [](std::string_view n) { return req(n, R::Scalar, "expr"); };

    // Module / function structure.
    t.push_back(
        make("T.attr", "", K::Statement, {val("node", "any"), val("attr_key", "str"), sc("value")}, "None",
             "Old attribute statement; T.attr(0, \"tensorized_nki_instruction\", 1) is the NKI marker region."));
    t.back().replacedBy = "T.nki.tensorized_instruction";
    t.push_back(make("T.device_entry", "tirx.device_entry", K::Region, {}, "None",
                     "Region opening device code; private workspaces are placed at its start."));
    t.push_back(make("T.device_scope", "tirx.device_scope", K::Region, {}, "None",
                     "Region around the whole device body (added by DecorateDeviceScope)."));
    t.push_back(make("T.func_attr", "", K::Statement, {val("attrs", "dict")}, "None",
                     "Set function attributes from a string-keyed dict; first statement of a body."));
    t.push_back(make("T.function", "", K::Statement, {kw("private", R::Value, "bool", "False")}, "decorator",
                     "Decorator turning a Python def into a TIRx function."));
    t.push_back(make("T.ir_module", "", K::Statement, {}, "decorator",
                     "Class decorator collecting the decorated functions into one module."));
    t.push_back(old(make("T.prim_func", "", K::Statement, {kw("private", R::Value, "bool", "False")}, "decorator",
                         "Old spelling of the function decorator."),
                    "T.function"));
    t.push_back(make("T.region", "", K::Region,
                     {val("op", "str"), opt("args", R::Value, "list", "[]"), kw("attrs", R::Value, "dict", "None")},
                     "None", "Generic region statement naming its operator explicitly."));
    t.push_back(make("T.target", "", K::Builtin, {val("target", "str|dict"), opt("host", R::Value, "str", "None")},
                     "Target",
                     "A compilation target from a tag or kind string, e.g. for the \"target\" function attribute."));

    // Tensors: allocation, declaration, types. The TX2 keyword set is shared;
    // in the TX3 forms the first positional is the placement (alloc) or the
    // data pointer (decl) and the type comes in ty_args.
    const auto tensorFields = [](bool shapeRequired, std::string_view layoutDefault) {
        return std::vector<CallableParam>{shapeRequired ? req("shape", R::Value, "ints")
                                                        : opt("shape", R::Value, "ints", "None"),
                                          opt("dtype", R::Value, "str", "\"float32\""),
                                          opt("data", R::Scalar, "expr", "None"),
                                          opt("strides", R::Value, "ints", "None"),
                                          opt("elem_offset", R::Scalar, "expr", "None"),
                                          opt("byte_offset", R::Scalar, "expr", "None"),
                                          opt("scope", R::Value, "str", "\"global\""),
                                          opt("align", R::Value, "int", "-1"),
                                          opt("offset_factor", R::Value, "int", "0"),
                                          opt("layout", R::Value, "layout", layoutDefault)};
    };
    const CallableParam allocatedAddr = opt("allocated_addr", R::Value, "ints", "None");
    const CallableParam annotations = opt("annotations", R::Value, "dict", "None");
    const CallableParam tyArgs = kw("ty_args", R::Value, "types", "None");

    t.push_back(
        make("T.alloc_tensor", "tirx.alloc_tensor", K::Statement,
             cat(tensorFields(false, ""), {allocatedAddr, annotations, kw("placement", R::Value, "ints", "None"),
                                           tyArgs, kw("attrs", R::Value, "dict", "None")}),
             "Tensor",
             "Allocate a tensor: TX3 (placement?, ty_args=[T.Tensor(...)]) or TX2 (shape, dtype, scope=, "
             "layout=, allocated_addr=)."));
    t.push_back(old(make("T.alloc_buffer", "tirx.alloc_tensor", K::Statement,
                         cat(tensorFields(true, "None"), {allocatedAddr, annotations}), "Tensor",
                         "Old spelling of tensor allocation (TX1); allocated_addr may be a scalar."),
                    "T.alloc_tensor"));
    t.push_back(make("T.decl_tensor", "tirx.decl_tensor", K::Statement, cat(tensorFields(false, ""), {tyArgs}),
                     "Tensor",
                     "Declare a tensor over existing storage: TX3 (data, ty_args=[T.Tensor(...)]) or TX2 (shape, "
                     "dtype, data=, scope=, layout=)."));
    t.push_back(old(make("T.decl_buffer", "tirx.decl_tensor", K::Statement, tensorFields(true, "None"), "Tensor",
                         "Old spelling of a tensor declaration over existing storage (TX1)."),
                    "T.decl_tensor"));
    t.push_back(old(make("T.match_buffer", "", K::Statement,
                         {val("param", "handle"), val("shape", "ints"), opt("dtype", R::Value, "str", "\"float32\""),
                          opt("scope", R::Value, "str", "\"global\""), opt("layout", R::Value, "layout", "None")},
                         "Tensor", "Old (TX1) binding of a handle parameter to a typed tensor."),
                    "T.Tensor"));
    t.push_back(make("T.Tensor", "", K::Type, tensorFields(true, ""), "type",
                     "Tensor type: shape, dtype, storage scope and optional layout."));
    t.push_back(old(make("T.Buffer", "", K::Type,
                         {val("shape", "ints"), opt("dtype", R::Value, "str", "\"float32\""),
                          opt("scope", R::Value, "str", "\"global\""), opt("layout", R::Value, "layout", "None")},
                         "type", "Old (TX1) spelling of the tensor type annotation."),
                    "T.Tensor"));
    t.push_back(make("T.handle", "", K::Type, {}, "type", "Opaque pointer type, e.g. an untyped kernel parameter."));
    t.push_back(make("T.let", "", K::Type, {}, "type",
                     "Annotation for an immutable binding: x: T.let = v or x: T.let[T.int32] = v."));

    // Data types: constructors and annotations.
    struct DtypeDoc {
        std::string_view name;
        std::string_view doc;
    };
    static constexpr DtypeDoc kDtypes[] = {
        {"T.bfloat16", "bfloat16 constant or type annotation."},
        {"T.bool", "Boolean constant (T.bool(True)) or type annotation."},
        {"T.float16", "float16 constant or type annotation."},
        {"T.float32", "float32 constant (T.float32(1.0)) or type annotation."},
        {"T.float64", "float64 constant or type annotation."},
        {"T.float8_e4m3", "8-bit float (4 exponent, 3 mantissa bits) constant or type annotation."},
        {"T.float8_e5m2", "8-bit float (5 exponent, 2 mantissa bits) constant or type annotation."},
        {"T.int16", "16-bit signed integer constant or type annotation."},
        {"T.int32", "32-bit signed integer constant or type annotation."},
        {"T.int64", "64-bit signed integer constant (T.int64(5)) or type annotation."},
        {"T.int8", "8-bit signed integer constant or type annotation."},
        {"T.uint16", "16-bit unsigned integer constant or type annotation."},
        {"T.uint32", "32-bit unsigned integer constant or type annotation."},
        {"T.uint64", "64-bit unsigned integer constant or type annotation."},
        {"T.uint8", "8-bit unsigned integer constant or type annotation."},
    };
    for (const DtypeDoc& d : kDtypes) {
        t.push_back(make(d.name, "", K::Type, {opt("value", R::Scalar, "expr", "None")}, "expr", d.doc));
    }

    // Loops.
    const std::initializer_list<CallableParam> loopParams = {req("start", R::Scalar, "expr"),
                                                             opt("stop", R::Scalar, "expr", "None"),
                                                             kw("annotations", R::Value, "dict", "None"),
                                                             kw("step", R::Scalar, "expr", "1"),
                                                             kw("unroll", R::Value, "bool", "None"),
                                                             kw("dtype", R::Value, "str", "None")};
    t.push_back(make("T.grid", "", K::Loop, {rest("extents", R::Scalar, "expr")}, "iterator",
                     "Nested serial loops from 0, outermost first: for i, j in T.grid(a, b)."));
    t.push_back(make("T.parallel", "", K::Loop, loopParams, "iterator",
                     "Parallel loop over [start, stop) (one argument = [0, n))."));
    t.push_back(make("T.serial", "", K::Loop, loopParams, "iterator",
                     "Sequential loop over [start, stop) (one argument = [0, n)); nki_dim annotations here."));
    t.push_back(make("T.unroll", "", K::Loop, loopParams, "iterator", "Loop to be fully unrolled over [start, stop)."));
    t.push_back(make("T.vectorized", "", K::Loop, loopParams, "iterator", "Loop to be vectorized over [start, stop)."));

    // Expression builtins.
    t.push_back(make("T.Broadcast", "", K::Builtin, {sc("value"), req("lanes", R::Scalar, "int")}, "expr",
                     "Vector of lanes copies of a scalar (not used on Trainium)."));
    t.push_back(make("T.Cast", "", K::Builtin, {val("dtype", "str"), sc("value")}, "expr",
                     "Convert a value to another dtype."));
    t.push_back(make("T.Div", "", K::Builtin, {sc("a"), sc("b")}, "expr",
                     "Truncating integer division node (a / b for floats)."));
    t.push_back(make("T.Let", "", K::Builtin, {sc("body"), kw("where", R::Value, "dict", "None")}, "expr",
                     "Let expression: evaluate body with the bindings given in where."));
    t.push_back(make("T.Ramp", "", K::Builtin, {sc("base"), sc("stride"), req("lanes", R::Scalar, "int")}, "expr",
                     "Vector base, base + stride, ... of lanes elements (not used on Trainium)."));
    t.push_back(make("T.Select", "", K::Builtin, {sc("condition"), sc("true_value"), sc("false_value")}, "expr",
                     "Pick one of two values by a condition; both sides are evaluated."));
    t.push_back(make("T.evaluate", "", K::Statement, {sc("value")}, "None",
                     "Evaluate an expression as a statement (a bare call is the same)."));
    t.push_back(make("T.floordiv", "", K::Builtin, {sc("a"), sc("b")}, "expr",
                     "Integer division rounding toward minus infinity (a // b)."));
    t.push_back(make("T.floormod", "", K::Builtin, {sc("a"), sc("b")}, "expr",
                     "Remainder matching floordiv, same sign as the divisor (a % b)."));
    t.push_back(make("T.if_then_else", "tirx.if_then_else", K::Builtin,
                     {sc("condition"), sc("true_value"), sc("false_value")}, "expr",
                     "Conditional value that evaluates only the chosen branch."));
    t.push_back(make("T.max", "tirx.max", K::Builtin, {sc("a"), sc("b")}, "expr", "Larger of two values."));
    t.push_back(make("T.min", "tirx.min", K::Builtin, {sc("a"), sc("b")}, "expr", "Smaller of two values."));
    t.push_back(
        make("T.truncdiv", "", K::Builtin, {sc("a"), sc("b")}, "expr", "Integer division rounding toward zero."));
    t.push_back(make("T.truncmod", "", K::Builtin, {sc("a"), sc("b")}, "expr",
                     "Remainder matching truncdiv, same sign as the dividend."));
    t.push_back(make("T.dynamic", "", K::Builtin, {val("name", "str"), opt("dtype", R::Value, "str", "\"int32\"")},
                     "expr", "Declare a symbolic shape variable inside a body: n = T.dynamic(\"n\")."));

    // Layouts (spec 02).
    t.push_back(make("T.Iter", "", K::Layout, {sc("extent"), sc("stride"), req("axis", R::Value, "str")}, "Iter",
                     "One layout level: extent positions, stride apart along an axis."));
    t.push_back(
        make("T.R", "", K::Layout, {}, "LayoutSpec", "Replica builder, subscripted: T.R[(extents):(strides)]."));
    t.push_back(make("T.S", "", K::Layout, {}, "LayoutSpec",
                     "Shard builder, subscripted: T.S[(extents):(strides)], strides like 1 @ P."));
    t.push_back(make("T.TileLayout", "", K::Layout, {req("spec", R::Value, "layout_spec")}, "Layout",
                     "Tile layout from S/R terms plus axis offsets: T.TileLayout(T.S[...] + 4 @ F)."));
    t.push_back(make("T.TileLayout.from_iters", "", K::Layout,
                     {req("shard", R::Value, "iters"), opt("replica", R::Value, "iters", "[]"),
                      opt("offset", R::Value, "dict", "{}")},
                     "Layout", "Tile layout from explicit shard and replica Iter lists and an offset map."));
}

} // namespace

const std::vector<Callable>& callableTable()
{
    static const std::vector<Callable> table = [] {
        std::vector<Callable> t;
        t.reserve(128);
        addCore(t);
        addNki(t);
        addTile(t);
        // Stable order: T.*, then T.nki.*, then T.trn.tile.*, by name within each.
        const auto group = [](std::string_view n) {
            if (n.starts_with("T.nki.")) return 1;
            if (n.starts_with("T.trn.tile.")) return 2;
            return 0;
        };
        std::stable_sort(t.begin(), t.end(), [&](const Callable& a, const Callable& b) {
            const int ga = group(a.name);
            const int gb = group(b.name);
            return ga != gb ? ga < gb : a.name < b.name;
        });
        return t;
    }();
    return table;
}

} // namespace tirx::detail
