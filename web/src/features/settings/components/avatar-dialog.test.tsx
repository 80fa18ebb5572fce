import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/auth-session.ts';
import { getToasts } from '@/lib/toast.ts';
import { callsTo, fail, mockApi } from '@/test/mock-api.ts';
import { clearToastsAfterEach, renderSettingsAt, settingsServer } from '../test/settings-test-kit.tsx';

clearToastsAfterEach();

const AVATAR_URL = '/api/files/avatars/u1/0123456789abcdef0123456789abcdef.png';
const INVALID = 'Invalid upload: choose a PNG or JPEG picture of at most 2 MB.';

/** jsdom draws nothing: a 2D context that records what the dialog draws, and a decoder for the chosen file. */
function fakeCanvas() {
  const drawn: { translate: number[][]; rotate: number[]; scale: number[][] } = { translate: [], rotate: [], scale: [] };
  const context = {
    save: vi.fn(),
    restore: vi.fn(),
    clearRect: vi.fn(),
    drawImage: vi.fn(),
    translate: (x: number, y: number) => drawn.translate.push([x, y]),
    rotate: (angle: number) => drawn.rotate.push(angle),
    scale: (x: number, y: number) => drawn.scale.push([x, y]),
    imageSmoothingQuality: 'low',
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(new Blob(['cropped'], { type: 'image/png' })));
  const decode = vi.fn(async (file: File) => {
    if (file.name.startsWith('fake')) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { width: 500, height: 400, close: vi.fn() };
  });
  vi.stubGlobal('createImageBitmap', decode);
  return { drawn, decode };
}

/** jsdom's File has no text(); FileReader reads it. */
const readText = (file: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(file);
  });

const picture = (name = 'me.png', type = 'image/png', size = 1000) => new File([new Uint8Array(size)], name, { type });

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Change picture' }));
  return screen.findByRole('dialog', { name: 'Profile picture' });
}

async function choose(dialog: HTMLElement, file: File) {
  await userEvent.upload(within(dialog).getByLabelText('Choose a picture'), file, { applyAccept: false });
}

describe('the avatar dialog', () => {
  let canvas: ReturnType<typeof fakeCanvas>;
  beforeEach(() => {
    canvas = fakeCanvas();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('refuses a GIF, a text file and a picture over 2 MB before anything is sent', async () => {
    const spy = mockApi(settingsServer().routes);
    renderSettingsAt('account');
    const dialog = await openDialog();
    for (const file of [picture('me.gif', 'image/gif'), picture('notes.txt', 'text/plain'), picture('big.png', 'image/png', 2 * 1024 * 1024 + 1)]) {
      await choose(dialog, file);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(INVALID);
    }
    expect(canvas.decode).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(callsTo(spy, 'uploadAvatar')).toHaveLength(0);
  });

  it('refuses a file named .png that is no picture', async () => {
    mockApi(settingsServer().routes);
    renderSettingsAt('account');
    const dialog = await openDialog();
    await choose(dialog, new File(['not a picture'], 'fake.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(INVALID);
    expect(within(dialog).queryByRole('img', { name: 'Your picture in the circle' })).not.toBeInTheDocument();
  });

  it('zooms from 1 to 5 in steps of 0.001 and turns the picture in quarter turns', async () => {
    mockApi(settingsServer().routes);
    renderSettingsAt('account');
    const dialog = await openDialog();
    await choose(dialog, picture());
    const preview = await within(dialog).findByRole('img', { name: 'Your picture in the circle' });
    const zoom = within(dialog).getByRole('slider', { name: 'Zoom' });
    expect([zoom.getAttribute('min'), zoom.getAttribute('max'), zoom.getAttribute('step')]).toEqual(['1', '5', '0.001']);
    expect(preview).toHaveAttribute('data-zoom', '1');

    fireEvent.change(zoom, { target: { value: '2.345' } });
    expect(preview).toHaveAttribute('data-zoom', '2.345');
    expect(within(dialog).getByText('2.35×')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate right' }));
    expect(preview).toHaveAttribute('data-rotation', '90');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate left' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate left' }));
    expect(preview).toHaveAttribute('data-rotation', '270');
    expect(within(dialog).getByRole('group', { name: 'Rotation: 270°' })).toBeInTheDocument();
    expect(canvas.drawn.rotate.at(-1)).toBeCloseTo((270 * Math.PI) / 180);
  });

  it('uploads the crop as avatar.png with manual "true" and shows the new picture in the account tab', async () => {
    const spy = mockApi({ ...settingsServer().routes, uploadAvatar: { url: AVATAR_URL } });
    renderSettingsAt('account');
    const dialog = await openDialog();
    await choose(dialog, picture('holiday.JPG', 'image/jpeg'));
    await within(dialog).findByRole('img', { name: 'Your picture in the circle' });
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Zoom' }), { target: { value: '3' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByRole('img', { name: 'Your profile picture' })).toHaveAttribute('src', AVATAR_URL);
    expect(screen.queryByRole('dialog', { name: 'Profile picture' })).not.toBeInTheDocument();
    const form = callsTo(spy, 'uploadAvatar')[0]!.body as FormData;
    const file = form.get('file') as File;
    expect([file.name, file.type, await readText(file)]).toEqual(['avatar.png', 'image/png', 'cropped']);
    expect(form.get('manual')).toBe('true');
    // The upload is drawn at twice the preview: 500 px, centred, the 400 px side covering it at zoom 3.
    expect(canvas.drawn.translate.at(-1)).toEqual([250, 250]);
    expect(canvas.drawn.scale.at(-1)![0]).toBeCloseTo((500 / 400) * 3);
    expect(getSession().user?.avatar).toBe(AVATAR_URL);
    expect(getToasts().map((toast) => toast.message)).toContain('Your profile picture is updated.');
  });

  it('moves the picture with the arrow keys only as far as it still covers the circle', async () => {
    mockApi(settingsServer().routes);
    renderSettingsAt('account');
    const dialog = await openDialog();
    await choose(dialog, picture());
    const preview = await within(dialog).findByRole('img', { name: 'Your picture in the circle' });
    preview.focus();
    // 500 x 400 fills the 250 px circle at 312.5 x 250: 31.25 px to spare each side, none above or below.
    for (let press = 0; press < 10; press++) await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{ArrowUp}');
    expect(canvas.drawn.translate.at(-1)).toEqual([125 + 31.25, 125]);
    await userEvent.keyboard('{ArrowLeft}');
    expect(canvas.drawn.translate.at(-1)).toEqual([125 + 26.25, 125]);
  });

  it('keeps the dialog open with the server’s reason when it refuses the picture', async () => {
    mockApi({ ...settingsServer().routes, uploadAvatar: fail(400, { code: 'VALIDATION_ERROR', message: INVALID, field: 'file' }) });
    renderSettingsAt('account');
    const dialog = await openDialog();
    await choose(dialog, picture());
    await within(dialog).findByRole('img', { name: 'Your picture in the circle' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(INVALID);
    expect(getToasts().map((toast) => toast.message)).toContain('Your profile picture could not be uploaded. Please try again.');
    expect(getSession().user?.avatar).toBeNull();
  });
});
