"""The recording stand-in of the NKI API (spec 08 section 2).

The public packages `nki` and `neuronxcc.nki` are thin faces over this
package. Nothing here computes numbers: each NKI call records what it would
allocate, read and write into the trace described by ../TRACE.md.
"""
