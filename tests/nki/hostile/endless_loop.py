import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel(a):
    while True:
        pass
