#include "nki/trace_reader.h"

#include "files/checked_read.h"

#include <nlohmann/json.hpp>

#include <limits>
#include <unistd.h>

namespace tirx::nki {

namespace {

using nlohmann::json;

// Thrown inside the reader only; readTrace turns it into a value.
struct Invalid {
    std::string message;
};

[[noreturn]] void fail(const std::string& path, const std::string& what) { throw Invalid{path + ": " + what}; }

const json& member(const json& object, const std::string& path, const char* name)
{
    if (!object.is_object()) fail(path, "expected an object");
    const auto it = object.find(name);
    if (it == object.end()) fail(path, std::string("missing field \"") + name + "\"");
    return *it;
}

std::string join(const std::string& path, const char* name) { return path.empty() ? name : path + "." + name; }
std::string at(const std::string& path, size_t i) { return path + "[" + std::to_string(i) + "]"; }

int64_t integer(const json& v, const std::string& path)
{
    if (!v.is_number_integer()) fail(path, "expected an integer");
    if (v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        fail(path, "integer out of range");
    return v.get<int64_t>();
}

int64_t nonNegative(const json& v, const std::string& path)
{
    const int64_t x = integer(v, path);
    if (x < 0) fail(path, "expected a non-negative integer, got " + std::to_string(x));
    return x;
}

int smallInt(const json& v, const std::string& path)
{
    const int64_t x = integer(v, path);
    if (x < std::numeric_limits<int>::min() || x > std::numeric_limits<int>::max()) fail(path, "integer out of range");
    return static_cast<int>(x);
}

std::string text(const json& v, const std::string& path)
{
    if (!v.is_string()) fail(path, "expected a string");
    return v.get<std::string>();
}

bool flag(const json& v, const std::string& path)
{
    if (!v.is_boolean()) fail(path, "expected true or false");
    return v.get<bool>();
}

const json& array(const json& v, const std::string& path)
{
    if (!v.is_array()) fail(path, "expected an array");
    return v;
}

std::vector<int64_t> integers(const json& v, const std::string& path)
{
    std::vector<int64_t> out;
    for (size_t i = 0; i < array(v, path).size(); ++i) out.push_back(integer(v[i], at(path, i)));
    return out;
}

Range range(const json& v, const std::string& path)
{
    if (!v.is_array() || v.size() != 2) fail(path, "expected [begin, end)");
    Range r{nonNegative(v[0], at(path, 0)), nonNegative(v[1], at(path, 1))};
    if (r.end < r.begin) fail(path, "end before begin");
    return r;
}

Location location(const json& v, const std::string& path, size_t files)
{
    Location loc;
    loc.file = smallInt(member(v, path, "file"), join(path, "file"));
    if (loc.file < 0 || static_cast<size_t>(loc.file) >= files)
        fail(join(path, "file"), "index " + std::to_string(loc.file) + " names no entry of \"files\"");
    loc.line = smallInt(member(v, path, "line"), join(path, "line"));
    loc.column = smallInt(member(v, path, "column"), join(path, "column"));
    if (loc.line < 0 || loc.column < 0) fail(path, "negative line or column");
    return loc;
}

std::optional<Location> optionalLocation(const json& object, const std::string& path, const char* name, size_t files)
{
    const auto it = object.find(name);
    if (it == object.end() || it->is_null()) return std::nullopt;
    return location(*it, join(path, name), files);
}

std::vector<Location> stack(const json& object, const std::string& path, size_t files)
{
    std::vector<Location> out;
    const auto it = object.find("stack");
    if (it == object.end() || it->is_null()) return out;
    const std::string p = join(path, "stack");
    for (size_t i = 0; i < array(*it, p).size(); ++i) out.push_back(location((*it)[i], at(p, i), files));
    return out;
}

Note note(const json& v, const std::string& path, size_t files)
{
    Note n;
    const std::string severity = text(member(v, path, "severity"), join(path, "severity"));
    if (severity == "error")
        n.severity = Severity::Error;
    else if (severity == "warning")
        n.severity = Severity::Warning;
    else if (severity == "note")
        n.severity = Severity::Note;
    else
        fail(join(path, "severity"), "expected \"error\", \"warning\" or \"note\", got \"" + severity + "\"");
    n.code = text(member(v, path, "code"), join(path, "code"));
    n.message = text(member(v, path, "message"), join(path, "message"));
    n.loc = optionalLocation(v, path, "loc", files);
    n.stack = stack(v, path, files);
    return n;
}

std::vector<Note> notes(const json& v, const std::string& path, size_t files)
{
    std::vector<Note> out;
    for (size_t i = 0; i < array(v, path).size(); ++i) out.push_back(note(v[i], at(path, i), files));
    return out;
}

std::optional<Address> address(const json& v, const std::string& path)
{
    if (v.is_null()) return std::nullopt;
    return Address{nonNegative(member(v, path, "partition"), join(path, "partition")),
                   nonNegative(member(v, path, "byte"), join(path, "byte"))};
}

std::optional<Blocks> blocks(const json& v, const std::string& path)
{
    if (v.is_null()) return std::nullopt;
    Blocks b;
    b.count = nonNegative(member(v, path, "count"), join(path, "count"));
    const std::string ap = join(path, "addresses");
    const json& addresses = array(member(v, path, "addresses"), ap);
    if (static_cast<int64_t>(addresses.size()) != b.count)
        fail(ap, std::to_string(addresses.size()) + " addresses for " + std::to_string(b.count) + " blocks");
    for (size_t i = 0; i < addresses.size(); ++i) b.addresses.push_back(address(addresses[i], at(ap, i)));
    const auto rotation = v.find("rotation");
    if (rotation != v.end() && !rotation->is_null()) {
        const std::string rp = join(path, "rotation");
        const std::string allocator = text(member(*rotation, rp, "allocator"), join(rp, "allocator"));
        if (allocator == "mod_alloc")
            b.allocator = BlockAllocator::ModAlloc;
        else if (allocator == "func")
            b.allocator = BlockAllocator::Func;
        else
            fail(join(rp, "allocator"), "expected \"mod_alloc\" or \"func\", got \"" + allocator + "\"");
        b.rotationTiles = nonNegative(member(*rotation, rp, "tiles"), join(rp, "tiles"));
    }
    return b;
}

Tensor tensor(const json& v, const std::string& path, size_t index, size_t files)
{
    Tensor t;
    t.id = smallInt(member(v, path, "id"), join(path, "id"));
    if (t.id != static_cast<int>(index)) fail(join(path, "id"), "expected " + std::to_string(index) + " (its index)");
    t.name = text(member(v, path, "name"), join(path, "name"));
    t.buffer = text(member(v, path, "buffer"), join(path, "buffer"));
    if (t.buffer != "sbuf" && t.buffer != "psum" && t.buffer != "hbm" && t.buffer != "shared_hbm" &&
        t.buffer != "private_hbm")
        fail(join(path, "buffer"), "unknown buffer \"" + t.buffer + "\"");
    t.shape = integers(member(v, path, "shape"), join(path, "shape"));
    t.dtype = text(member(v, path, "dtype"), join(path, "dtype"));
    t.dtypeBytes = nonNegative(member(v, path, "dtype_bytes"), join(path, "dtype_bytes"));
    t.kind = text(member(v, path, "kind"), join(path, "kind"));
    t.createdBy = text(member(v, path, "created_by"), join(path, "created_by"));
    t.loc = optionalLocation(v, path, "loc", files);
    t.stack = stack(v, path, files);
    if (!t.onChip()) return t;
    t.partitions = range(member(v, path, "partitions"), join(path, "partitions"));
    t.bytesPerPartition = nonNegative(member(v, path, "bytes_per_partition"), join(path, "bytes_per_partition"));
    if (const auto it = v.find("address"); it != v.end()) t.address = address(*it, join(path, "address"));
    if (const auto it = v.find("blocks"); it != v.end()) t.blocks = blocks(*it, join(path, "blocks"));
    return t;
}

Region region(const json& v, const std::string& path, size_t tensors)
{
    Region r;
    const int64_t id = integer(member(v, path, "tensor"), join(path, "tensor"));
    if (id < 0 || static_cast<size_t>(id) >= tensors)
        fail(join(path, "tensor"), "id " + std::to_string(id) + " names no tensor of this program");
    r.tensor = static_cast<int>(id);
    if (const auto it = v.find("block"); it != v.end() && !it->is_null())
        r.block = nonNegative(*it, join(path, "block"));
    const std::string pp = join(path, "partitions");
    const json& parts = member(v, path, "partitions");
    r.partitionStart = nonNegative(member(parts, pp, "start"), join(pp, "start"));
    r.partitionStep = integer(member(parts, pp, "step"), join(pp, "step"));
    r.partitionCount = nonNegative(member(parts, pp, "count"), join(pp, "count"));
    const std::string fp = join(path, "free");
    const json& free = member(v, path, "free");
    r.freeOffset = integer(member(free, fp, "offset"), join(fp, "offset"));
    const std::string dp = join(fp, "dims");
    const json& dims = array(member(free, fp, "dims"), dp);
    for (size_t i = 0; i < dims.size(); ++i) {
        if (!dims[i].is_array() || dims[i].size() != 2) fail(at(dp, i), "expected [stride, count]");
        r.freeDims.emplace_back(integer(dims[i][0], at(at(dp, i), 0)), nonNegative(dims[i][1], at(at(dp, i), 1)));
    }
    r.bytes = range(member(v, path, "bytes"), join(path, "bytes"));
    if (const auto it = v.find("masked"); it != v.end()) r.masked = flag(*it, join(path, "masked"));
    if (const auto it = v.find("inexact"); it != v.end()) r.inexact = text(*it, join(path, "inexact"));
    return r;
}

std::vector<Region> regions(const json& v, const std::string& path, size_t tensors)
{
    std::vector<Region> out;
    for (size_t i = 0; i < array(v, path).size(); ++i) out.push_back(region(v[i], at(path, i), tensors));
    return out;
}

ArgValue argValue(const json& v)
{
    ArgValue a;
    if (v.is_boolean()) {
        a.kind = ArgValue::Kind::Bool;
        a.number = v.get<bool>() ? 1.0 : 0.0;
    } else if (v.is_number()) {
        a.kind = ArgValue::Kind::Number;
        a.number = v.get<double>();
    } else if (v.is_string()) {
        a.kind = ArgValue::Kind::Text;
        a.text = v.get<std::string>();
    } else if (v.is_array()) {
        a.kind = ArgValue::Kind::List;
        for (const auto& item : v) a.list.push_back(argValue(item));
    } else if (!v.is_null()) {
        a.kind = ArgValue::Kind::Text;
        a.text = v.dump();
    }
    return a;
}

// "operands" (added within version 1): absent in older traces.
std::vector<std::pair<std::string, OperandRef>> operandRefs(const json& v, const std::string& path,
                                                            const Instruction& ins)
{
    std::vector<std::pair<std::string, OperandRef>> out;
    const auto it = v.find("operands");
    if (it == v.end() || it->is_null()) return out;
    if (!it->is_object()) fail(join(path, "operands"), "expected an object");
    for (const auto& item : it->items()) {
        const std::string& name = item.key();
        const json& ref = item.value();
        const std::string rp = join(path, "operands") + "." + name;
        OperandRef r;
        r.write = ref.is_object() && ref.contains("write");
        r.first = static_cast<size_t>(nonNegative(member(ref, rp, r.write ? "write" : "read"), rp));
        if (const auto c = ref.find("count"); c != ref.end()) r.count = static_cast<size_t>(nonNegative(*c, rp));
        const size_t available = r.write ? ins.writes.size() : ins.reads.size();
        if (r.first + r.count > available) fail(rp, "names a region the instruction does not list");
        out.emplace_back(name, r);
    }
    return out;
}

Instruction instruction(const json& v, const std::string& path, size_t index, size_t tensors, size_t files)
{
    Instruction ins;
    ins.index = nonNegative(member(v, path, "index"), join(path, "index"));
    if (ins.index != static_cast<int64_t>(index))
        fail(join(path, "index"), "expected " + std::to_string(index) + " (its position)");
    ins.op = text(member(v, path, "op"), join(path, "op"));
    if (const auto it = v.find("engine"); it != v.end() && !it->is_null()) ins.engine = text(*it, join(path, "engine"));
    ins.writes = regions(member(v, path, "writes"), join(path, "writes"), tensors);
    ins.reads = regions(member(v, path, "reads"), join(path, "reads"), tensors);
    if (const auto it = v.find("args"); it != v.end() && it->is_object()) {
        for (const auto& item : it->items()) ins.args.emplace_back(item.key(), argValue(item.value()));
    }
    ins.operands = operandRefs(v, path, ins);
    ins.loc = location(member(v, path, "loc"), join(path, "loc"), files);
    ins.stack = stack(v, path, files);
    return ins;
}

Program program(const json& v, const std::string& path, size_t files)
{
    Program p;
    p.id = integers(member(v, path, "program"), join(path, "program"));
    const std::string tp = join(path, "tensors");
    const json& tensors = array(member(v, path, "tensors"), tp);
    p.tensors.reserve(tensors.size());
    for (size_t i = 0; i < tensors.size(); ++i) p.tensors.push_back(tensor(tensors[i], at(tp, i), i, files));
    const std::string ip = join(path, "instructions");
    const json& instructions = array(member(v, path, "instructions"), ip);
    p.instructions.reserve(instructions.size());
    for (size_t i = 0; i < instructions.size(); ++i)
        p.instructions.push_back(instruction(instructions[i], at(ip, i), i, p.tensors.size(), files));
    const std::string lp = join(path, "loops");
    const json& loops = array(member(v, path, "loops"), lp);
    for (size_t i = 0; i < loops.size(); ++i) {
        const std::string li = at(lp, i);
        Loop loop;
        loop.kind = text(member(loops[i], li, "kind"), join(li, "kind"));
        loop.first = nonNegative(member(loops[i], li, "first"), join(li, "first"));
        loop.last = nonNegative(member(loops[i], li, "last"), join(li, "last"));
        if (loop.last < loop.first) fail(li, "\"last\" before \"first\"");
        loop.loc = optionalLocation(loops[i], li, "loc", files);
        p.loops.push_back(std::move(loop));
    }
    p.notes = notes(member(v, path, "notes"), join(path, "notes"), files);
    if (const auto it = v.find("truncated"); it != v.end()) p.truncated = flag(*it, join(path, "truncated"));
    return p;
}

Trace document(const json& root)
{
    if (!root.is_object()) fail("the trace", "expected a JSON object");
    const auto format = root.find("format");
    if (format == root.end() || !format->is_string() || format->get<std::string>() != "tirx-nki-trace")
        fail("format", "not a tirx-nki-trace document");
    Trace t;
    const json& version = member(root, "", "version");
    t.version = smallInt(version, "version");
    if (t.version != 1)
        fail("version", "version " + std::to_string(t.version) + " is not supported (this explorer reads version 1)");
    const json& files = array(member(root, "", "files"), "files");
    for (size_t i = 0; i < files.size(); ++i) t.files.push_back(text(files[i], at("files", i)));
    const json& kernel = member(root, "", "kernel");
    t.kernelFile = text(member(kernel, "kernel", "file"), "kernel.file");
    // null when the kernel failed before its entry was found (a syntax error).
    if (const json& entry = member(kernel, "kernel", "entry"); !entry.is_null()) t.entry = text(entry, "kernel.entry");
    t.api = text(member(kernel, "kernel", "api"), "kernel.api");
    const json& launch = member(root, "", "launch");
    if (const json& grid = member(launch, "launch", "grid"); !grid.is_null()) t.grid = integers(grid, "launch.grid");
    t.lnc = smallInt(member(launch, "launch", "lnc"), "launch.lnc");
    const json& programs = array(member(root, "", "programs"), "programs");
    for (size_t i = 0; i < programs.size(); ++i)
        t.programs.push_back(program(programs[i], at("programs", i), files.size()));
    t.notes = notes(member(root, "", "notes"), "notes", files.size());
    if (const auto it = root.find("error"); it != root.end() && !it->is_null())
        t.error = note(*it, "error", files.size());
    return t;
}

} // namespace

const std::string& Trace::fileOf(const Location& loc) const
{
    static const std::string none;
    return loc.file >= 0 && static_cast<size_t>(loc.file) < files.size() ? files[static_cast<size_t>(loc.file)] : none;
}

TraceReadResult readTrace(std::string_view text)
{
    TraceReadResult out;
    if (text.size() > kMaxTraceBytes) {
        out.error = "the trace is " + std::to_string(text.size() >> 20) + " MiB; traces over " +
                    std::to_string(kMaxTraceBytes >> 20) + " MiB are refused";
        return out;
    }
    json root;
    try {
        root = json::parse(text);
    } catch (const json::parse_error& e) {
        // Running out of input mid-document is the usual sign of a child
        // that died while writing.
        const bool atEnd = e.byte >= text.size();
        out.error = atEnd ? "the trace is truncated (it ends after " + std::to_string(text.size()) + " bytes)"
                          : "the trace is not valid JSON (at byte " + std::to_string(e.byte) + ")";
        return out;
    }
    try {
        out.trace = document(root);
    } catch (const Invalid& e) {
        out.error = "invalid trace: " + e.message;
    }
    return out;
}

TraceReadResult readTraceFile(const std::string& path)
{
    TraceReadResult out;
    if (::access(path.c_str(), F_OK) != 0) {
        out.error = "no trace was written (" + path + " is missing)";
        return out;
    }
    auto read = files::readCheckedFile(path, kMaxTraceBytes);
    if (!read.bytes) {
        out.error = "cannot read the trace " + path + ": " + read.reason;
        return out;
    }
    const std::string& bytes = *read.bytes;
    return readTrace(bytes);
}

} // namespace tirx::nki
