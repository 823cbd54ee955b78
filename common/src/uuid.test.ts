import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.ts';

describe('isUuid', () => {
  it('takes a UUID of any version in either case, and nothing else', () => {
    expect(isUuid('3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b')).toBe(true);
    expect(isUuid('3F2B8C1E-9D4A-1B6E-0F1A-2C3D4E5F6A7B')).toBe(true);
    expect(isUuid('3f2b8c1e9d4a4b6e8f1a2c3d4e5f6a7b')).toBe(false);
    expect(isUuid('3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b ')).toBe(false);
    expect(isUuid("x' or 1=1")).toBe(false);
    expect(isUuid('')).toBe(false);
  });
});
