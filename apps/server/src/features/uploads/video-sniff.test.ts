import { describe, expect, it } from 'vitest';
import { sniffVideo } from './video-sniff';

const ascii = (s: string) => Buffer.from(s, 'latin1');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** An `ftyp` box with this major brand, then an `mdat` box's header. */
const isoFile = (brand: string) =>
  Buffer.concat([
    u32(24),
    ascii('ftyp'),
    ascii(brand),
    u32(0x200),
    ascii('isommp41'),
    u32(8),
    ascii('mdat'),
  ]);

/** An EBML header with this DocType, as MediaRecorder and ffmpeg write it. */
const ebmlFile = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
    Buffer.from([0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82]),
    Buffer.from([0x80 | docType.length]),
    ascii(docType),
    Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  ]);

describe('sniffVideo', () => {
  it('knows MP4, QuickTime and WebM by their bytes', () => {
    expect(sniffVideo(isoFile('isom'))).toBe('video/mp4');
    expect(sniffVideo(isoFile('mp42'))).toBe('video/mp4');
    expect(sniffVideo(isoFile('qt  '))).toBe('video/quicktime');
    expect(sniffVideo(Buffer.concat([u32(1000), ascii('moov'), Buffer.alloc(16)]))).toBe(
      'video/quicktime',
    );
    expect(sniffVideo(ebmlFile('webm'))).toBe('video/webm');
  });

  it('refuses what is not one of them, whatever it is called', () => {
    // A HEIC photo and an AAC song are ISO files too.
    expect(sniffVideo(isoFile('heic'))).toBeNull();
    expect(sniffVideo(isoFile('M4A '))).toBeNull();
    expect(sniffVideo(isoFile('avif'))).toBeNull();
    // Matroska is not WebM.
    expect(sniffVideo(ebmlFile('matroska'))).toBeNull();
    // A PNG, a PDF, text, random bytes, nothing.
    expect(sniffVideo(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBeNull();
    expect(sniffVideo(ascii('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBeNull();
    expect(sniffVideo(ascii('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffVideo(Buffer.alloc(64, 0xab))).toBeNull();
    expect(sniffVideo(Buffer.alloc(0))).toBeNull();
    // An ftyp too short to hold a brand.
    expect(sniffVideo(Buffer.concat([u32(8), ascii('ftyp'), ascii('isom')]))).toBeNull();
  });
});
