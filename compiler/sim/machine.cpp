#include "sim/machine.h"

#include "ir/make.h"
#include "ir/mem_space.h"
#include "memory/alloc_info.h"

#include <algorithm>
#include <cstring>
#include <variant>

namespace tirx::sim {

namespace {

Diagnostic error(Span span, std::string text) { return {Diagnostic::Severity::Error, std::move(text), span}; }

std::optional<std::vector<int64_t>> constShape(const TensorType& type)
{
    std::vector<int64_t> shape;
    for (const auto& e : type.shape()) {
        const auto v = constInt(e);
        if (!v || *v < 0) return std::nullopt;
        shape.push_back(*v);
    }
    return shape;
}

// A layout on P/F/Bank axes means LowerTrainiumLayout has not run: the
// indices are still logical, not physical.
bool hasTrainiumLayout(const TensorType& type)
{
    if (!type.layout()) return false;
    for (const auto& it : type.layout()->shard()) {
        if (it.axis.isTrainium()) return true;
    }
    return false;
}

int64_t product(const std::vector<int64_t>& shape, size_t first = 0)
{
    int64_t n = 1;
    for (size_t d = first; d < shape.size(); ++d) n *= shape[d];
    return n;
}

struct TypeCheck {
    std::vector<int64_t> shape;
    ElementKind kind = ElementKind::F32;
};

std::variant<TypeCheck, Diagnostic> checkType(const std::string& name, const TensorType& type, Span span)
{
    const auto shape = constShape(type);
    if (!shape) return error(span, "tensor '" + name + "' has a shape the simulator cannot know before running");
    const auto kind = elementKind(type.dtype());
    if (!kind)
        return error(span, "tensor '" + name + "' has dtype " + type.dtype().str() +
                               ", which the simulator "
                               "cannot hold");
    if (hasTrainiumLayout(type))
        return error(span, "tensor '" + name +
                               "' still has a Trainium layout; simulate the kernel after "
                               "LowerTrainiumLayout");
    return TypeCheck{*shape, *kind};
}

} // namespace

Machine::Machine(const Target& target, const MemoryPlan& plan, bool poison)
    : m_target(target), m_fill(poison ? kPoisonByte : 0)
{
    for (const auto& a : plan.allocations) {
        if (a.var) m_planned.emplace(a.var.get(), &a);
    }
    for (const MemSpace space : {MemSpace::Sbuf, MemSpace::Psum}) {
        newStorage(std::string(memSpaceLabel(space)), std::string(scopeName(space)), target.partitionSize,
                   space == MemSpace::Sbuf ? target.maxSbufBytesPerPartition : target.maxPsumBytesPerPartition);
    }
}

Storage& Machine::newStorage(std::string name, std::string scope, int64_t partitions, int64_t partitionBytes)
{
    return m_storages.emplace_back(std::move(name), std::move(scope), partitions, partitionBytes, m_fill);
}

const TensorPlace* Machine::find(const VarNode* var) const
{
    const auto it = m_places.find(var);
    return it == m_places.end() ? nullptr : &it->second;
}

std::optional<Diagnostic> Machine::placeParameter(const Var& param, const HostArray* contents)
{
    if (!param->isTensor())
        return error(param->span(), "parameter '" + param->name() + "' is not a tensor; kernels take tensors only");
    const auto checked = checkType(param->name(), *param->tensorType(), param->span());
    if (const auto* d = std::get_if<Diagnostic>(&checked)) return *d;
    const auto& [shape, kind] = std::get<TypeCheck>(checked);
    TensorPlace place;
    place.name = param->name();
    place.scope = scopeName(MemSpace::Hbm);
    place.dtype = param->tensorType()->dtype();
    place.kind = kind;
    place.itemBytes = elementBytes(kind);
    place.shape = shape;
    place.partitionStride.assign(shape.size(), 0);
    place.byteStride = rowMajorByteStrides(shape, 0, place.itemBytes);
    place.span = param->span();
    place.storage =
        &newStorage(std::string(memSpaceLabel(MemSpace::Hbm)) + " " + param->name(),
                    std::string(scopeName(MemSpace::Hbm)), 1, std::max<int64_t>(1, product(shape)) * place.itemBytes);
    if (contents) {
        if (contents->dtype != place.dtype)
            return error(param->span(), "input '" + param->name() + "' is " + contents->dtype.str() +
                                            ", the parameter is " + place.dtype.str());
        if (contents->shape != shape) {
            auto text = [](const std::vector<int64_t>& s) {
                std::string out = "(";
                for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
                return out + (s.size() == 1 ? ",)" : ")");
            };
            return error(param->span(), "input '" + param->name() + "' has shape " + text(contents->shape) +
                                            ", the parameter " + text(shape));
        }
        place.storage->prepareAll();
        std::memcpy(place.storage->data(), contents->bytes.data(),
                    std::min<size_t>(contents->bytes.size(), static_cast<size_t>(place.storage->size())));
        place.storage->markAllWritten();
    }
    m_places.emplace(param.get(), std::move(place));
    return std::nullopt;
}

std::optional<Diagnostic> Machine::placeBinding(const Stmt& stmt)
{
    const auto* bind = as<BindNode>(stmt);
    if (!bind) return std::nullopt;
    const auto* call = as<CallNode>(bind->value());
    if (!call) return error(bind->span(), "scalar bindings are not part of a lowered kernel");
    if (call->op() == kAllocTensor) return placeAllocation(stmt);
    if (call->op() == kDeclTensor) return placeDeclaration(*bind, *call);
    return error(bind->span(), "'" + call->op() + "' bound to a variable is not part of a lowered kernel");
}

std::optional<Diagnostic> Machine::placeAllocation(const Stmt& stmt)
{
    const auto view = allocView(stmt);
    if (!view) return error(stmt->span(), "allocation without a tensor type");
    const std::string& name = view->var->name();
    const auto checked = checkType(name, *view->type, stmt->span());
    if (const auto* d = std::get_if<Diagnostic>(&checked)) return *d;
    const auto& [shape, kind] = std::get<TypeCheck>(checked);
    TensorPlace place;
    place.name = name;
    place.scope = view->type->scope();
    place.dtype = view->type->dtype();
    place.kind = kind;
    place.itemBytes = elementBytes(kind);
    place.shape = shape;
    place.span = stmt->span();
    const bool isSbuf = view->type->isSbuf();
    const bool isPsum = view->type->isPsum();
    if (!view->placementIsConstant) return error(stmt->span(), "allocation '" + name + "' has a symbolic address");

    if (!isSbuf && !isPsum) {
        place.partitionStride.assign(shape.size(), 0);
        place.byteStride = rowMajorByteStrides(shape, 0, place.itemBytes);
        place.storage = &newStorage(name, place.scope, 1, std::max<int64_t>(1, product(shape)) * place.itemBytes);
        m_places.emplace(view->var.get(), std::move(place));
        return std::nullopt;
    }
    const size_t partitionDim = isPsum ? 1 : 0;
    if (shape.size() < partitionDim + 1 + (isPsum ? 1 : 0))
        return error(stmt->span(), std::string("on-chip tensor '") + name + "' needs " +
                                       (isPsum ? "a [Bank, P, F] shape" : "a [P, F...] shape"));
    if (isPsum && shape.size() != 3)
        return error(stmt->span(), "PSUM tensor '" + name + "' needs a [Bank, P, F] shape");
    const int64_t partitions = shape[partitionDim];
    if (partitions > m_target.partitionSize)
        return error(stmt->span(), "tensor '" + name + "' spans " + std::to_string(partitions) + " partitions; " +
                                       m_target.tag + " has " + std::to_string(m_target.partitionSize));
    place.partitionStride.assign(shape.size(), 0);
    place.partitionStride[partitionDim] = 1;
    place.byteStride = rowMajorByteStrides(shape, partitionDim + 1, place.itemBytes);
    const int64_t rowBytes = product(shape, partitionDim + 1) * place.itemBytes;

    if (!view->placement) {
        // Placed by the Neuron compiler: private storage of the right form.
        if (isPsum) {
            // Each bank holds one row per partition; a wider row would run
            // into the next bank (and past the storage's end).
            if (rowBytes > m_target.psumBankBytes)
                return error(stmt->span(), "PSUM tensor '" + name + "' has rows of " + std::to_string(rowBytes) +
                                               " bytes; a " + std::to_string(m_target.psumBankBytes) +
                                               "-byte bank holds one row per partition");
            place.byteStride[0] = m_target.psumBankBytes;
            place.storage = &newStorage(name, place.scope, partitions, shape[0] * m_target.psumBankBytes);
        } else {
            place.storage = &newStorage(name, place.scope, partitions, std::max<int64_t>(1, rowBytes));
        }
        m_places.emplace(view->var.get(), std::move(place));
        return std::nullopt;
    }
    if (auto d = placeAddressed(place, view->var.get(), rowBytes)) return d;
    m_places.emplace(view->var.get(), std::move(place));
    return std::nullopt;
}

std::optional<Diagnostic> Machine::placeAddressed(TensorPlace& place, const VarNode* var, int64_t rowBytes)
{
    const auto planned = m_planned.find(var);
    const PlannedAllocation* a = planned == m_planned.end() ? nullptr : planned->second;
    const std::string& name = place.name;
    if (!a || !a->placed()) {
        return error(place.span,
                     "allocation '" + name + "' " +
                         (a && !a->sizeError.empty() ? a->sizeError : "has no placement the simulator can use"));
    }
    // The plan's byte range is what the verifier checks; the simulator's row
    // (from the lowered shape) must lie inside it, or element writes would
    // reach bytes the plan gives to another tensor.
    const Interval bytes = *a->byteRange;
    if (rowBytes > bytes.size())
        return error(place.span, "tensor '" + name + "' has rows of " + std::to_string(rowBytes) +
                                     " bytes, more than the " + std::to_string(bytes.size()) + " its placement holds");
    place.addressed = true;
    if (isScope(place.scope, MemSpace::Sbuf)) {
        if (bytes.begin < 0 || bytes.end > m_target.maxSbufBytesPerPartition)
            return error(place.span, "SBUF tensor '" + name + "' at byte " + std::to_string(bytes.begin) + " needs " +
                                         std::to_string(bytes.size()) + " bytes per partition; a partition has " +
                                         std::to_string(m_target.maxSbufBytesPerPartition));
        place.byteBase = bytes.begin;
        place.storage = &sbuf();
        return std::nullopt;
    }
    const Interval banks = *a->bankRange;
    if (banks.begin < 0 || banks.end > m_target.psumBanks)
        return error(place.span, "PSUM tensor '" + name + "' needs banks " + std::to_string(banks.begin) + " to " +
                                     std::to_string(banks.end - 1) + "; there are " +
                                     std::to_string(m_target.psumBanks));
    if (bytes.begin < 0 || bytes.end > m_target.psumBankBytes)
        return error(place.span, "PSUM tensor '" + name + "' at byte " + std::to_string(bytes.begin) + " needs " +
                                     std::to_string(bytes.size()) + " bytes of a " +
                                     std::to_string(m_target.psumBankBytes) + "-byte bank");
    place.byteStride[0] = m_target.psumBankBytes;
    place.byteBase = banks.begin * m_target.psumBankBytes + bytes.begin;
    place.storage = &psum();
    return std::nullopt;
}

std::optional<Diagnostic> Machine::placeDeclaration(const BindNode& bind, const CallNode& call)
{
    const std::string& name = bind.var()->name();
    if (call.args().empty() || call.tyArgs().empty())
        return error(bind.span(), "declaration '" + name + "' names no data");
    const VarNode* source = nullptr;
    if (const auto* ptr = as<CallNode>(call.args().front()); ptr && ptr->op() == kTensorDataPtr && !ptr->args().empty())
        source = as<VarNode>(ptr->args().front());
    else
        source = as<VarNode>(call.args().front());
    const TensorPlace* base = source ? find(source) : nullptr;
    if (!base) return error(bind.span(), "declaration '" + name + "' views data the simulator does not know");
    const auto& type = *call.tyArgs().front();
    const auto checked = checkType(name, type, bind.span());
    if (const auto* d = std::get_if<Diagnostic>(&checked)) return *d;
    const auto& [shape, kind] = std::get<TypeCheck>(checked);
    TensorPlace place = *base;
    place.name = name;
    place.dtype = type.dtype();
    place.kind = kind;
    place.itemBytes = elementBytes(kind);
    place.shape = shape;
    place.span = bind.span();
    int64_t offset = 0;
    if (type.elemOffset()) {
        const auto v = constInt(type.elemOffset());
        if (!v) return error(bind.span(), "declaration '" + name + "' has a symbolic element offset");
        offset = *v;
    }
    if (isScope(base->scope, MemSpace::Hbm)) {
        place.partitionStride.assign(shape.size(), 0);
        place.byteStride = rowMajorByteStrides(shape, 0, place.itemBytes);
        place.byteBase = base->byteBase + offset * place.itemBytes;
        if (place.byteBase + product(shape) * place.itemBytes > base->storage->size())
            return error(bind.span(), "declaration '" + name + "' is larger than the tensor it views");
    } else {
        const size_t partitionDim = isScope(place.scope, MemSpace::Psum) ? 1 : 0;
        if (shape.size() <= partitionDim)
            return error(bind.span(), "on-chip view '" + name + "' has no partition dimension");
        place.partitionStride.assign(shape.size(), 0);
        place.partitionStride[partitionDim] = 1;
        place.byteStride = rowMajorByteStrides(shape, partitionDim + 1, place.itemBytes);
        if (partitionDim == 1) place.byteStride[0] = m_target.psumBankBytes;
        place.byteBase = base->byteBase + offset * place.itemBytes;
    }
    m_places.emplace(bind.var().get(), std::move(place));
    return std::nullopt;
}

HostArray Machine::read(const TensorPlace& place) const
{
    HostArray out;
    out.dtype = place.dtype;
    out.shape = place.shape;
    const int64_t n = out.elements();
    out.bytes.resize(static_cast<size_t>(n * place.itemBytes));
    const auto reach = place.reach();
    place.storage->prepare(0, reach.partitions - 1, reach.byteBegin, reach.byteEnd - 1);
    if (n == 0) return out;
    // Row by row along the last dimension: a contiguous row is one copy.
    const size_t dims = place.shape.size();
    const int64_t inner = dims ? place.shape.back() : 1;
    const int64_t step = dims ? place.flatStride(dims - 1) : 0;
    const auto item = static_cast<size_t>(place.itemBytes);
    std::vector<int64_t> index(dims ? dims - 1 : 0, 0);
    uint8_t* dst = out.bytes.data();
    for (int64_t k = 0; k < n; k += inner) {
        int64_t offset = place.byteBase;
        for (size_t d = 0; d < index.size(); ++d) offset += index[d] * place.flatStride(d);
        const uint8_t* src = place.storage->data() + offset;
        if (step == place.itemBytes) {
            std::memcpy(dst + k * place.itemBytes, src, static_cast<size_t>(inner) * item);
        } else {
            for (int64_t j = 0; j < inner; ++j) std::memcpy(dst + (k + j) * place.itemBytes, src + j * step, item);
        }
        for (size_t d = index.size(); d-- > 0;) {
            if (++index[d] < place.shape[d]) break;
            index[d] = 0;
        }
    }
    return out;
}

} // namespace tirx::sim
