/**
 * The ONE place the size cap of the API's JSON answers is set (an `x-booth-assumption` of
 * resources/api/talent-v1.yaml, since the API states no limit). The largest real answer, a page of 100
 * job summaries or a job with its whole timeline, is well under 1 MiB; 8 MiB leaves room for growth and
 * still keeps a runaway or hostile answer from filling memory: the client reads at most this many bytes
 * of an answer, then stops reading and refuses it ('too_large'). Downloads have their own caps
 * (stream-download.ts callers), since they stream to disk.
 */
export const MAX_JSON_ANSWER_BYTES = 8 * 1024 * 1024
