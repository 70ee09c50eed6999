// The transfer family runs no kernel of its own: this file holds the device-side fills of
// kernels/include/clgauge_memory.h, one program for every entry that fills: the memory
// entries' input arrays and the junk in their outputs, and the transfers' buffers
// (clg_fill_u32 stores the words a device-to-host transfer must deliver, stream 1, and junk,
// stream 7, into the buffer a host-to-device transfer must overwrite). Launched from this one
// program, not from the copy in each entry's: a driver that compiles a kernel at its first
// launch (PoCL) compiles each fill once a run.
#include "clgauge_memory.h"
