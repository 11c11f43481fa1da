import { z } from 'zod';
import { vm } from './validation-messages';

/**
 * Direct uploads (the Active Storage protocol): the browser declares a file with
 * `POST /rails/active_storage/direct_uploads`, then PUTs its bytes to the answered url.
 */

/** What an upload is for; each purpose has its own limits, checked before any byte is kept. */
export const uploadPurposes = [
  'avatar',
  'challenge_proof',
  'exercise_video',
  'team_photo',
  'exercise_demo',
] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

const MB = 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

export interface UploadLimit {
  maxBytes: number;
  contentTypes: readonly string[];
  /** For messages: "an image", "a video or an image". */
  label: string;
}

export const uploadLimits: Record<UploadPurpose, UploadLimit> = {
  avatar: { maxBytes: 10 * MB, contentTypes: IMAGE_TYPES, label: 'an image' },
  challenge_proof: {
    maxBytes: 200 * MB,
    contentTypes: [...IMAGE_TYPES, ...VIDEO_TYPES],
    label: 'an image or a video',
  },
  exercise_video: { maxBytes: 200 * MB, contentTypes: VIDEO_TYPES, label: 'a video' },
  /** A team's photo: as a member's own. */
  team_photo: { maxBytes: 10 * MB, contentTypes: IMAGE_TYPES, label: 'an image' },
  /**
   * An exercise's demo video (admins and coaches): a short clip every member streams, so
   * smaller than a proof. Its bytes must be a video, whatever was declared (checked on attach).
   */
  exercise_demo: { maxBytes: 50 * MB, contentTypes: VIDEO_TYPES, label: 'a video' },
};

/** Base64 of a 16-byte MD5, as `DirectUpload` computes it. */
const md5Base64 = z.string().regex(/^[A-Za-z0-9+/]{22}==$/, vm('md5Checksum'));

/** The blob the browser declares. `purpose` may also come from the query string. */
export const directUploadInputSchema = z.object({
  blob: z.object({
    filename: z.string().trim().min(1, vm('nameFile')).max(255, vm('shorterFileName')),
    content_type: z.string().trim().min(1, vm('sendFileType')).max(255),
    byte_size: z.number().int().min(1, vm('fileEmpty')),
    checksum: md5Base64,
    /** ActiveStorage sends it; FitCoach ignores it. */
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
  purpose: z.enum(uploadPurposes).optional(),
});
export type DirectUploadInput = z.infer<typeof directUploadInputSchema>;

export const directUploadQuerySchema = z.object({
  purpose: z.enum(uploadPurposes).default('avatar'),
});

export const directUploadAnswerSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  filename: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  checksum: z.string(),
  /** The HMAC-signed, expiring reference a record attaches the blob by. */
  signed_id: z.string(),
  direct_upload: z.object({
    url: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
});
export type DirectUploadAnswer = z.infer<typeof directUploadAnswerSchema>;

/** `PUT /api/profile/avatar`: attach an uploaded image as the member's avatar. */
export const attachAvatarSchema = z.object({
  signed_id: z.string().min(1, vm('uploadImageFirst')).max(1000),
});
