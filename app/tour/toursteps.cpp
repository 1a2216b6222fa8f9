#include "toursteps.h"

#include <QCoreApplication>

#include <array>

using namespace Qt::StringLiterals;

namespace {

// matmul_psum.py: tile calls that TileDispatch visibly expands, layouts that
// cut K over the partitions, a PSUM accumulator, an NKI kernel and a run
// the simulator checks. The texts speak of that kernel.
const std::array kSteps = {
    TourStep{"editor", "", "", QT_TRANSLATE_NOOP("Tour", "The kernel, as you write it"),
             QT_TRANSLATE_NOOP("Tour",
                               "This is a TIRx module in TVMScript: C = A @ B with the contraction over K = 512. "
                               "It is lowered again a moment after every edit; an error is underlined at its "
                               "line and column and listed under Problems.")},
    TourStep{"passes", "", "", QT_TRANSLATE_NOOP("Tour", "One pass at a time"),
             QT_TRANSLATE_NOOP("Tour", "The Passes dock lists the Trainium lowering passes in the order they run, each "
                                       "with its time. Bold passes changed the module; choose one to see the module "
                                       "after it in every other view.")},
    TourStep{"diff", "TileDispatch", "", QT_TRANSLATE_NOOP("Tour", "What a pass changed"),
             QT_TRANSLATE_NOOP("Tour",
                               "The Diff shows the module before and after the chosen pass, here TileDispatch: "
                               "every tile call became an instruction nest. Further down, the one matmul became a "
                               "loop over four blocks of K, each a Tensor Engine instruction adding into one PSUM "
                               "bank.")},
    TourStep{"sbuf", "TrnNaiveAllocator", "", QT_TRANSLATE_NOOP("Tour", "Where tensors live in SBUF"),
             QT_TRANSLATE_NOOP("Tour",
                               "SBUF is drawn as its 128 partitions down and the bytes of each partition across. "
                               "TrnNaiveAllocator placed A_sbuf, B_sbuf and C_sbuf one after another in every "
                               "partition; a tensor past the capacity or over another is drawn in red.")},
    TourStep{"psum", "TrnNaiveAllocator", "", QT_TRANSLATE_NOOP("Tour", "PSUM, the accumulators"),
             QT_TRANSLATE_NOOP("Tour", "PSUM is eight banks of 2 KiB per partition, where matmuls accumulate. acc is "
                                       "listed without an address because the allocator places SBUF only, as the "
                                       "reference does; memory_map.py places PSUM tensors by hand.")},
    TourStep{"layout", "TrnNaiveAllocator", "A_sbuf", QT_TRANSLATE_NOOP("Tour", "How a tensor is laid out"),
             QT_TRANSLATE_NOOP("Tour", "The Layout view follows the tensor under the editor's caret: A_sbuf's logical "
                                       "grid on the left, its partitions and free offsets on the right, in the same "
                                       "colours. K is cut into four blocks of 128 so that it lies on the partitions.")},
    TourStep{"nki", "", "", QT_TRANSLATE_NOOP("Tour", "The NKI kernel"),
             QT_TRANSLATE_NOOP("Tour", "After the last pass the module prints as an NKI kernel, in the current nki.jit "
                                       "API or the legacy one. Choose a line to see the IR and the source line it "
                                       "came from.")},
    TourStep{"run", "", "", QT_TRANSLATE_NOOP("Tour", "Run it on the simulator"),
             QT_TRANSLATE_NOOP("Tour", "The Run dock runs the lowered kernel on the built-in simulator with random "
                                       "inputs: instruction counts per engine and each output's statistics. The "
                                       "Devices dock beside it runs the same kernel on Neuron hardware and compares."),
             true},
};

} // namespace

QString tourExample() { return u":/examples/matmul_psum.py"_s; }

QString tourPreset() { return u"trn"_s; }

std::span<const TourStep> tourSteps() { return kSteps; }

QString tourTitle(const TourStep& step) { return QCoreApplication::translate("Tour", step.title); }

QString tourText(const TourStep& step) { return QCoreApplication::translate("Tour", step.text); }
