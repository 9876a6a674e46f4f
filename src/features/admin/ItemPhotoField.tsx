import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { adminSendFor } from './adminApi.ts';
import { ITEM_PHOTO_MAX_BYTES, ITEM_PHOTO_SIZE, type AdminItem } from '../../../core/protocol/adminCatalog.ts';
import { adminItemPhotoRemove, adminItemPhotoUpload } from '../../../core/protocol/routes/admin.ts';

// The item editor's product photo (docs/operator-console.md, "Item photos"): choose a file, see it,
// upload it; or remove the item's photo to show its drawing again. The server decodes the file and
// refuses what is not a PNG, JPEG, WebP or AVIF photo; the size cap is checked here first only to
// spare a long upload.

const ACCEPT = 'image/png,image/jpeg,image/webp,image/avif';
const MAX_MB = ITEM_PHOTO_MAX_BYTES / (1024 * 1024);

export function ItemPhotoField({ item, onSaved }: { item: AdminItem; onSaved: (item: AdminItem, message: string) => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const send = async (change: () => Promise<{ data: { data: AdminItem; message: string }; error: null } | { data: null; error: string; fields: Record<string, string> }>) => {
    setBusy(true);
    const answer = await change();
    setBusy(false);
    if (answer.error !== null) return setError(answer.fields.photo ?? answer.error);
    setError(null);
    setFile(null);
    onSaved(answer.data.data, answer.data.message);
  };
  // The bytes go as they are; the server, not the file's name, tells what they are.
  const upload = () => file && send(() => adminSendFor(adminItemPhotoUpload, { params: { id: item.id }, body: new Blob([file], { type: 'application/octet-stream' }) }));
  const remove = () => send(() => adminSendFor(adminItemPhotoRemove, { params: { id: item.id } }));

  return (
    <fieldset className="admin__photo">
      <legend>Product photo</legend>
      <label htmlFor={inputId}>Photo</label>
      <input
        id={inputId}
        type="file"
        accept={ACCEPT}
        aria-describedby={`${inputId}-hint`}
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0] ?? null;
          setError(chosen && chosen.size > ITEM_PHOTO_MAX_BYTES ? `The photo is larger than ${MAX_MB} MB.` : null);
          setFile(chosen && chosen.size <= ITEM_PHOTO_MAX_BYTES ? chosen : null);
        }}
      />
      <p className="admin__hint" id={`${inputId}-hint`}>
        PNG, JPEG, WebP or AVIF up to {MAX_MB} MB; shown as a {ITEM_PHOTO_SIZE} px square in place of the drawing.
      </p>
      {preview && <img className="admin__picture" src={preview} alt="Chosen photo" />}
      {error && (
        <p className="admin__error" role="alert">
          {error}
        </p>
      )}
      <div className="admin__toolbar">
        <Button size="small" variant="secondary" disabled={!file} loading={busy && file !== null} onClick={() => void upload()}>
          Upload photo
        </Button>
        {item.photo && (
          <Button size="small" variant="ghost" loading={busy && file === null} onClick={() => void remove()}>
            Remove photo
          </Button>
        )}
      </div>
    </fieldset>
  );
}
