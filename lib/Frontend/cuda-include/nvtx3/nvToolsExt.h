/* nvtx3/nvToolsExt.h: the NVTX v3 spelling; see ../nvToolsExt.h. */
#include <nvToolsExt.h>
