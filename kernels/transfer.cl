// The transfer family runs no kernel of its own: this file holds the device-side fills of
// kernels/include/clgauge_memory.h for the transfers' buffers (clg_fill_u32 stores the words a
// device-to-host transfer must deliver, stream 1, and junk, stream 7, into the buffer a
// host-to-device transfer must overwrite), and on a CPU device for the memory entries too:
// launched from this one program, not from the copy in each entry's, a fill is compiled once
// a run by a driver that compiles a kernel at its first launch (PoCL).
#include "clgauge_memory.h"
