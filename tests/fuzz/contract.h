/* The harnesses' contract check: a broken one prints what and where (the harness's name is
 * FUZZ_NAME), then aborts, which libFuzzer reports as a finding with its input. */
#ifndef POSENC_FUZZ_CONTRACT_H
#define POSENC_FUZZ_CONTRACT_H
#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond, ...)                                                             \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      fprintf(stderr, FUZZ_NAME ": contract broken: %s (%s:%d)\n  ", #cond, __FILE__, \
              __LINE__);                                                             \
      fprintf(stderr, __VA_ARGS__);                                                  \
      fprintf(stderr, "\n");                                                         \
      abort();                                                                       \
    }                                                                                \
  } while (0)
#endif
