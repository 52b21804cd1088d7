import { z } from 'zod';

/**
 * RomM 5's chunked, resumable ROM upload (`/api/roms/upload/*`): start with the file's size and
 * chunk count, PUT each chunk as a raw body, then complete (or cancel).
 */
export const UPLOAD_TOTAL_SIZE_HEADER = 'x-upload-total-size';
export const UPLOAD_TOTAL_CHUNKS_HEADER = 'x-upload-total-chunks';
export const UPLOAD_CHUNK_INDEX_HEADER = 'x-chunk-index';

/** Largest chunk accepted, as in RomM (64 MiB). */
export const UPLOAD_CHUNK_MAX_BYTES = 64 * 1024 * 1024;
/** An upload without any request for this long is discarded with its chunks (RomM: 24 h). */
export const UPLOAD_SESSION_TTL_SECONDS = 86_400;

export const UploadIdParamsSchema = z.object({ upload_id: z.string() });

/** Answer of `POST /api/roms/upload/start`. */
export const UploadStartResponseSchema = z.object({ upload_id: z.string() });
export type UploadStartResponse = z.infer<typeof UploadStartResponseSchema>;

/** Answer of `PUT /api/roms/upload/{upload_id}`: chunks received so far, of how many. */
export const UploadChunkResponseSchema = z.object({
  received: z.number().int(),
  total: z.number().int(),
});
export type UploadChunkResponse = z.infer<typeof UploadChunkResponseSchema>;

/** Answer of RomShelf's `GET /api/roms/upload/{upload_id}`: what a client needs to resume. */
export const UploadStatusSchema = z.object({
  upload_id: z.string(),
  platform_id: z.number().int(),
  filename: z.string(),
  total_size: z.number().int(),
  total_chunks: z.number().int(),
  /** Indexes of the chunks the server holds, ascending. */
  received_chunks: z.array(z.number().int()),
  received_bytes: z.number().int(),
});
export type UploadStatus = z.infer<typeof UploadStatusSchema>;
