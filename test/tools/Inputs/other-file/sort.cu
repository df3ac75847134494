// The wrapper that launches, as cuda-samples' bitonicSort.cu: its sizes
// come from main.cpp, another file of the program.
#define SHARED_SIZE_LIMIT 1024U

__global__ void sortShared(unsigned *key, unsigned arrayLength) {
  __shared__ unsigned s[SHARED_SIZE_LIMIT];
  s[threadIdx.x] = key[blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x];
  key[blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x] = s[threadIdx.x] + arrayLength;
}

__global__ void mergeGlobal(unsigned *key, unsigned size, unsigned stride) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  key[i] += key[i ^ stride] + size;
}

unsigned sortAll(unsigned *key, unsigned batchSize, unsigned arrayLength) {
  unsigned blockCount = batchSize * arrayLength / SHARED_SIZE_LIMIT;
  unsigned threadCount = SHARED_SIZE_LIMIT / 2;
  if (arrayLength <= SHARED_SIZE_LIMIT) {
    sortShared<<<blockCount, threadCount>>>(key, arrayLength);
  } else {
    for (unsigned size = 2 * SHARED_SIZE_LIMIT; size <= arrayLength; size <<= 1)
      mergeGlobal<<<(batchSize * arrayLength) / 512, 256>>>(key, size, size / 2);
  }
  return threadCount;
}

// The first length main.cpp sorts, which it declares `extern` (as
// cuda-samples' scan declares MAX_SHORT_ARRAY_SIZE).
extern const unsigned MIN_LENGTH = 64;
