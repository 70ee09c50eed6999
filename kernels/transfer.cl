// Host <-> device transfers (suite/harness/transfer.hpp) run no kernel of their own; this file
// gives them the fills of kernels/include/clgauge_memory.h: clg_fill_u32 stores the words a
// device-to-host transfer must deliver (stream 1), and junk (stream 7) into the buffer a
// host-to-device transfer must overwrite.
#include "clgauge_memory.h"
