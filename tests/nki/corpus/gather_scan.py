"""Index and scan instructions over a [128, 256] tile: a per-partition gather
(nc_n_gather), a gather across each core's 16 partitions (local_gather), a
linear recurrence h = a * h + b (tensor_tensor_scan), a running sum
(tensor_scalar_cumulative), a quadrant shuffle, segment bounds and the
nonzero positions of a mask, a DMA-side sum of two HBM tensors and a DMA
transpose."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def gather_scan(a, b, indices, segments):
    rows, cols = a.shape
    out = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.shared_hbm)
    summed = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_compute(dst=summed, srcs=[a, b], reduce_op=nl.add)

    ta = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.sbuf)
    tb = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=ta, src=a)
    nisa.dma_copy(dst=tb, src=b)
    idx = nl.ndarray((rows, 32), dtype=nl.uint32, buffer=nl.sbuf)
    nisa.dma_copy(dst=idx, src=indices)

    picked = nl.ndarray((rows, 32), dtype=nl.float32, buffer=nl.sbuf)
    nisa.nc_n_gather(dst=picked, data=ta, indices=idx)
    near = nl.ndarray((rows, 32), dtype=nl.float32, buffer=nl.sbuf)
    nisa.local_gather(dst=near, src_buffer=ta, index=idx, num_elem_per_idx=1)

    h = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_tensor_scan(dst=h, data0=ta, data1=tb, initial=0.0, op0=nl.multiply, op1=nl.add)
    running = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_scalar_cumulative(dst=running, src=h, op0=nl.multiply, op1=nl.add, imm0=1.0, imm1=0.0)
    shuffled = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.nc_stream_shuffle(dst=shuffled, src=running, shuffle_mask=[31 - i for i in range(32)])

    seg = nl.ndarray((1, cols), dtype=nl.int32, buffer=nl.sbuf)
    nisa.dma_copy(dst=seg, src=segments)
    bounds = nl.ndarray((1, 2, cols), dtype=nl.int32, buffer=nl.sbuf)
    nisa.sequence_bounds(dst=bounds, segment_ids=seg)
    positions = nl.ndarray((rows, cols + 1), dtype=nl.int32, buffer=nl.sbuf)
    nisa.nonzero_with_count(dst=positions, src=idx, padding_val=-1)

    flipped = nl.ndarray((cols // 2, rows), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_transpose(dst=flipped, src=summed[:, 0:cols // 2])
    nisa.dma_copy(dst=out, src=shuffled)
    return out
