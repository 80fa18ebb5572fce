import { describe, expect, it } from 'vitest';
import { clampCrop, clampZoom, INITIAL_CROP, isAcceptableAvatarFile, turn } from './avatar-crop.ts';

const wide = { width: 500, height: 400 };
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('avatar crop', () => {
  it('accepts png, jpg and jpeg up to 2 MB, whatever the case of the extension', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg'].map((name) => isAcceptableAvatarFile(file(name, name.endsWith('png') ? 'image/png' : 'image/jpeg')))).toEqual([true, true, true]);
    expect(isAcceptableAvatarFile(file('a.png', 'image/png', 2 * 1024 * 1024))).toBe(true);
  });

  it('refuses other types, a picture renamed to another type, an empty file and anything over 2 MB', () => {
    expect(isAcceptableAvatarFile(file('a.gif', 'image/gif'))).toBe(false);
    expect(isAcceptableAvatarFile(file('a.webp', 'image/webp'))).toBe(false);
    expect(isAcceptableAvatarFile(file('a.png', 'image/gif'))).toBe(false);
    expect(isAcceptableAvatarFile(file('a.png', 'image/png', 0))).toBe(false);
    expect(isAcceptableAvatarFile(file('a.png', 'image/png', 2 * 1024 * 1024 + 1))).toBe(false);
  });

  it('keeps the zoom between 1 and 5 in steps of 0.001', () => {
    expect([clampZoom(0.2), clampZoom(1.00049), clampZoom(2.3456), clampZoom(9)]).toEqual([1, 1, 2.346, 5]);
  });

  it('lets the picture move only as far as it overhangs the circle, turned or not', () => {
    // 500 x 400 at zoom 1 is 312.5 x 250 on the 250 px preview: 31.25 px spare left and right, none up or down.
    expect(clampCrop(wide, { ...INITIAL_CROP, offset: { x: 100, y: -40 } }).offset).toEqual({ x: 31.25, y: 0 });
    // A quarter turn swaps the spare room; zoom 2 doubles the picture.
    expect(clampCrop(wide, { zoom: 2, rotation: 90, offset: { x: -500, y: 500 } }).offset).toEqual({ x: -125, y: 187.5 });
  });

  it('turns in quarter turns both ways', () => {
    expect([turn(0, 90), turn(0, -90), turn(270, 90), turn(90, -90)]).toEqual([90, 270, 0, 0]);
  });
});
