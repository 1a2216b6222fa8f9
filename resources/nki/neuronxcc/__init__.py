"""The legacy `neuronxcc` package: only `neuronxcc.nki` is provided."""
