#pragma once

#include "profiler/engine/ingame/call_state_recorder.hpp"
#include "profiler/engine/ingame/call_tracker.hpp"
#include "profiler/engine/ingame/frame_ledger.hpp"

#include <cstddef>

namespace tileprof {

// Told of a play as it runs, so that nothing of it need be kept whole: each call once it and every
// call begun before it have ended (or the run ended inside them), in the order the calls began,
// with what the manifest let the play read of it (nothing for a routine it does not describe); and
// each frame once it is over, in order, the last only when the run stopped inside it.
class PlayListener {
public:
    // `index`: the call's number in the play, counting from 0 in the order the calls began.
    virtual void call(std::size_t index, const GameCall& call, const CallState* state) = 0;
    virtual void frame(const FrameUse& use) = 0;

protected:
    ~PlayListener() = default;
};

} // namespace tileprof
