/* TODO: being implemented. */
#include "internal.h"
pe_status pe__xpos(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)sh; (void)out; (void)info; return pe__fail(err, rq, -1, PE_EINVAL, NAN, NAN, "is not implemented yet");
}
