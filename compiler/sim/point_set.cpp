#include "sim/point_set.h"

#include <algorithm>

namespace tirx::sim {

namespace {

// Sets the region's variables to the values of point k.
void bindPoint(const Instruction& ins, const PointSet& points, int64_t k, Env& env)
{
    for (size_t v = ins.vars.size(); v-- > 0;) {
        const int64_t e = points.extents[v];
        env[ins.vars[v]] = points.begins[v] + k % e;
        k /= e;
    }
}

void unbind(const Instruction& ins, Env& env)
{
    for (const VarNode* v : ins.vars) env.erase(v);
}

std::string indexText(const std::vector<int64_t>& index)
{
    std::string s = "[";
    for (size_t i = 0; i < index.size(); ++i) s += (i ? ", " : "") + std::to_string(index[i]);
    return s + "]";
}

std::string outOfRange(const TensorPlace& place, const std::vector<int64_t>& index)
{
    std::string shape;
    for (size_t i = 0; i < place.shape.size(); ++i) shape += (i ? ", " : "") + std::to_string(place.shape[i]);
    return "access " + place.name + indexText(index) + " is outside its shape (" + shape + ")";
}

} // namespace

int64_t PointSet::activeCount() const
{
    if (mask.empty()) return count;
    return std::count(mask.begin(), mask.end(), uint8_t{1});
}

std::optional<PointSet> makePoints(const Instruction& ins, Env& env, std::string* error)
{
    PointSet points;
    for (size_t v = 0; v < ins.vars.size(); ++v) {
        const auto begin = evalInt(ins.begins[v], env, error);
        if (!begin) return std::nullopt;
        const auto extent = evalInt(ins.extents[v], env, error);
        if (!extent) return std::nullopt;
        points.begins.push_back(*begin);
        points.extents.push_back(std::max<int64_t>(0, *extent));
        points.count *= points.extents.back();
    }
    if (!ins.guard) return points;
    points.mask.assign(static_cast<size_t>(points.count), 0);
    for (int64_t k = 0; k < points.count; ++k) {
        bindPoint(ins, points, k, env);
        const auto value = evalInt(ins.guard, env, error);
        if (!value) {
            unbind(ins, env);
            return std::nullopt;
        }
        points.mask[static_cast<size_t>(k)] = *value ? 1 : 0;
    }
    unbind(ins, env);
    return points;
}

std::optional<Stream> makeStream(const Instruction& ins, const TensorOperand& op, const TensorPlace& place,
                                 const PointSet& points, Env& env, std::string* error)
{
    const auto& indices = op.load->indices();
    if (indices.size() != place.shape.size()) {
        if (error)
            *error = "access to '" + place.name + "' has " + std::to_string(indices.size()) +
                     " indices; the tensor has " + std::to_string(place.shape.size()) + " dimensions";
        return std::nullopt;
    }
    Stream s;
    s.place = &place;
    if (op.affine()) {
        // Index d at point v is base_d + Σ c_dv (v - begin_v): evaluate at the
        // begins, then check the box corners the coefficients reach.
        for (size_t v = 0; v < ins.vars.size(); ++v) env[ins.vars[v]] = points.begins[v];
        bool inside = true;
        std::vector<int64_t> first(indices.size());
        s.partitionLo = s.partitionHi = 0;
        s.byteLo = s.byteHi = place.byteBase;
        s.base = place.byteBase;
        s.strides.assign(ins.vars.size(), 0);
        for (size_t d = 0; d < indices.size(); ++d) {
            const auto b = evalInt(indices[d], env, error);
            if (!b) {
                unbind(ins, env);
                return std::nullopt;
            }
            first[d] = *b;
            int64_t lo = *b;
            int64_t hi = *b;
            for (size_t v = 0; v < ins.vars.size(); ++v) {
                const int64_t reach = op.coefficients[d][v] * (points.extents[v] - 1);
                (reach < 0 ? lo : hi) += reach;
                s.strides[v] += op.coefficients[d][v] * place.flatStride(d);
            }
            s.base += *b * place.flatStride(d);
            if (lo < 0 || hi >= place.shape[d]) inside = false;
            s.partitionLo += lo * place.partitionStride[d];
            s.partitionHi += hi * place.partitionStride[d];
            s.byteLo += lo * place.byteStride[d];
            s.byteHi += hi * place.byteStride[d];
        }
        unbind(ins, env);
        s.byteHi += place.itemBytes - 1;
        if (points.count == 0) s.partitionHi = s.partitionLo - 1;
        if (inside || points.count == 0) return s;
        if (points.mask.empty()) {
            if (error) *error = outOfRange(place, first);
            // Name the first point that is outside, not the first point.
            for (int64_t k = 0; k < points.count; ++k) {
                bindPoint(ins, points, k, env);
                std::vector<int64_t> index;
                bool bad = false;
                for (size_t d = 0; d < indices.size(); ++d) {
                    index.push_back(evalInt(indices[d], env, nullptr).value_or(0));
                    if (index.back() < 0 || index.back() >= place.shape[d]) bad = true;
                }
                if (bad) {
                    if (error) *error = outOfRange(place, index);
                    break;
                }
            }
            unbind(ins, env);
            return std::nullopt;
        }
        // Guarded: only the points the guard keeps must be inside.
    }
    s.listed = true;
    s.offsets.assign(static_cast<size_t>(points.count), -1);
    std::vector<int64_t> index(indices.size());
    for (int64_t k = 0; k < points.count; ++k) {
        if (!points.active(k)) continue;
        bindPoint(ins, points, k, env);
        int64_t offset = place.byteBase;
        for (size_t d = 0; d < indices.size(); ++d) {
            const auto i = evalInt(indices[d], env, error);
            if (!i) {
                unbind(ins, env);
                return std::nullopt;
            }
            index[d] = *i;
            offset += *i * place.flatStride(d);
        }
        for (size_t d = 0; d < indices.size(); ++d) {
            if (index[d] < 0 || index[d] >= place.shape[d]) {
                if (error) *error = outOfRange(place, index);
                unbind(ins, env);
                return std::nullopt;
            }
        }
        s.offsets[static_cast<size_t>(k)] = offset;
    }
    unbind(ins, env);
    bool any = false;
    const int64_t partitionBytes = place.storage->partitionBytes();
    for (const int64_t offset : s.offsets) {
        if (offset < 0) continue;
        const int64_t p = offset / partitionBytes;
        const int64_t b = offset % partitionBytes;
        s.partitionLo = any ? std::min(s.partitionLo, p) : p;
        s.partitionHi = any ? std::max(s.partitionHi, p) : p;
        s.byteLo = any ? std::min(s.byteLo, b) : b;
        s.byteHi = any ? std::max(s.byteHi, b + place.itemBytes - 1) : b + place.itemBytes - 1;
        any = true;
    }
    return s;
}

std::vector<int64_t> varValues(const PointSet& points, size_t var)
{
    std::vector<int64_t> values(static_cast<size_t>(points.count));
    int64_t inner = 1;
    for (size_t v = var + 1; v < points.extents.size(); ++v) inner *= points.extents[v];
    for (int64_t k = 0; k < points.count; ++k)
        values[static_cast<size_t>(k)] = points.begins[var] + (k / inner) % points.extents[var];
    return values;
}

} // namespace tirx::sim
