// main, in a file of its own: the sizes of the launches in sort.cu.
bool checkCmdLineFlag(int argc, const char **argv, const char *name);
unsigned sortAll(unsigned *key, unsigned batchSize, unsigned arrayLength);
extern const unsigned MIN_LENGTH; // defined in sort.cu (64)

int main(int argc, char **argv) {
  unsigned *d_key = 0;
  unsigned N = 1048576;
  if (checkCmdLineFlag(argc, (const char **)argv, "small"))
    N = 4096;
  for (unsigned arrayLength = MIN_LENGTH; arrayLength <= N; arrayLength *= 2)
    sortAll(d_key, N / arrayLength, arrayLength);
  return 0;
}
