/**
 * What a file's first bytes say it is, for the video purposes: the declared Content-Type is the
 * uploader's word, the bytes are the file. Recognises the three containers FitCoach accepts:
 * MP4 and QuickTime (ISO base media: an `ftyp` box, or a classic QuickTime file's first atom)
 * and WebM (an EBML header whose DocType is `webm`).
 */
export type VideoContainer = 'video/mp4' | 'video/webm' | 'video/quicktime';

/** How many leading bytes `sniffVideo` needs. */
export const VIDEO_SNIFF_BYTES = 64;

/**
 * `ftyp` brands of files in the ISO family that are not video: HEIF/AVIF images and AAC audio.
 * A phone's HEIC photo is an `ftyp` file too, and must not pass for a video.
 */
const NOT_VIDEO_BRANDS = new Set([
  'avif',
  'avis',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
  'M4A ',
  'M4B ',
  'M4P ',
  'F4A ',
  'F4B ',
]);

/** Atoms a QuickTime file made before `ftyp` existed may start with. */
const CLASSIC_QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** The EBML DocType element (id 0x4282), then its size and value. */
const DOCTYPE_ID = Buffer.from([0x42, 0x82]);

function sniffIsoMedia(head: Buffer): VideoContainer | null {
  if (head.length < 12) return null;
  const size = head.readUInt32BE(0);
  const type = head.toString('latin1', 4, 8);
  if (type === 'ftyp') {
    // An ftyp box holds at least its header, a major brand and a minor version.
    if (size < 16 || head.length < 16) return null;
    const brand = head.toString('latin1', 8, 12);
    if (NOT_VIDEO_BRANDS.has(brand)) return null;
    return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  }
  // A classic atom: its size is 8 or more (1 means a 64-bit size follows), or 0 (to the end).
  if (CLASSIC_QUICKTIME_ATOMS.has(type) && (size === 0 || size === 1 || size >= 8)) {
    return 'video/quicktime';
  }
  return null;
}

function sniffWebm(head: Buffer): VideoContainer | null {
  if (head.length < 8 || !head.subarray(0, 4).equals(EBML_MAGIC)) return null;
  const at = head.indexOf(DOCTYPE_ID, 4);
  if (at === -1 || at + 3 > head.length) return null;
  // The size is an EBML variable-length integer; a DocType's is one byte (0x80 | length).
  const sizeByte = head[at + 2]!;
  if ((sizeByte & 0x80) === 0) return null;
  const length = sizeByte & 0x7f;
  const docType = head.toString('latin1', at + 3, Math.min(head.length, at + 3 + length));
  return docType === 'webm' ? 'video/webm' : null;
}

/** The container the bytes are, or null when they are not one of the accepted videos. */
export function sniffVideo(head: Buffer): VideoContainer | null {
  return sniffIsoMedia(head) ?? sniffWebm(head);
}
