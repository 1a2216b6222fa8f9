"""Mixture-of-experts routing over [128, 64] router logits: the eight best
experts per token (max8, nc_find_index8), the remaining scores with those
eight knocked out (nc_match_replace8), a GpSimd top-k, a threshold mask by
range_select and select_reduce, and a predicated copy of the kept scores."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def topk_router(logits, threshold, snake_logits):
    tokens, experts = logits.shape
    out = nl.ndarray((tokens, experts), dtype=nl.float32, buffer=nl.shared_hbm)
    scores = nl.ndarray((tokens, experts), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=scores, src=logits)
    limit = nl.ndarray((tokens, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=limit, src=threshold)

    best = nl.ndarray((tokens, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.max8(dst=best, src=scores)
    best_idx = nl.ndarray((tokens, 8), dtype=nl.uint32, buffer=nl.sbuf)
    nisa.nc_find_index8(dst=best_idx, data=scores, vals=best)
    rest = nl.ndarray((tokens, experts), dtype=nl.float32, buffer=nl.sbuf)
    replaced_idx = nl.ndarray((tokens, 8), dtype=nl.uint32, buffer=nl.sbuf)
    nisa.nc_match_replace8(dst=rest, data=scores, vals=best, imm=-1e30, dst_idx=replaced_idx)

    # The GpSimd top-k reads bf16 scores laid out over 16 partitions (the host packs them).
    snake = nl.ndarray(snake_logits.shape, dtype=nl.bfloat16, buffer=nl.sbuf)
    nisa.dma_copy(dst=snake, src=snake_logits)
    top_val = nl.ndarray((16, 4), dtype=nl.bfloat16, buffer=nl.sbuf)
    top_idx = nl.ndarray((16, 4), dtype=nl.uint32, buffer=nl.sbuf)
    nisa.topk(val_dst=top_val, idx_dst=top_idx, src=snake, n=tokens * experts)

    # Keep scores in [threshold, +inf) and track each row's kept maximum.
    kept = nl.ndarray((tokens, experts), dtype=nl.float32, buffer=nl.sbuf)
    kept_max = nl.ndarray((tokens, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.range_select(dst=kept, on_true_tile=scores, comp_op0=nl.greater_equal, comp_op1=nl.less,
                      bound0=limit, bound1=limit, reduce_res=kept_max, reduce_op=nl.maximum,
                      on_false_value=-1e30)
    mask = nl.ndarray((tokens, experts), dtype=nl.uint8, buffer=nl.sbuf)
    nisa.tensor_scalar(dst=mask, data=scores, op0=nl.greater_equal, operand0=limit)
    chosen = nl.ndarray((tokens, experts), dtype=nl.float32, buffer=nl.sbuf)
    chosen_max = nl.ndarray((tokens, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.select_reduce(dst=chosen, predicate=mask, on_true=scores, on_false=0.0, reduce_res=chosen_max)
    nisa.select(dst=chosen, predicate=mask, on_true=kept, on_false=rest)
    nisa.tensor_copy_predicated(dst=chosen, src=scores, predicate=mask)

    nisa.dma_copy(dst=out, src=chosen)
    return out
