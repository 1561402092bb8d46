import { useEffect, useState } from 'react';

export default function ConfirmModal() {
  const [isOpen, setIsOpen] = useState(false);
  const [isPublished, setIsPublished] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);

  return (
    <section className="flex flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">Modal dialog</h1>
      <p className="text-sm text-gray-500">{isPublished ? 'Published! Your changes are live.' : 'Nothing published yet.'}</p>
      <button type="button" className="rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white shadow hover:bg-indigo-500" onClick={() => setIsOpen(true)}>
        Publish changes
      </button>
      {isOpen && (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-gray-900/50 p-4" onClick={(event) => event.target === event.currentTarget && setIsOpen(false)}>
          <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl" role="dialog" aria-modal="true" aria-labelledby="modal-title">
            <h2 id="modal-title" className="text-lg font-semibold text-gray-900">
              Publish your changes?
            </h2>
            <p className="mt-2 text-sm leading-6 text-gray-600">Everyone with the link will see the new version right away. You can roll back at any time from the history.</p>
            <div className="mt-6 flex justify-end gap-3">
              <button type="button" className="rounded-lg border border-gray-200 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50" onClick={() => setIsOpen(false)}>
                Cancel
              </button>
              <button
                type="button"
                className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
                onClick={() => {
                  setIsPublished(true);
                  setIsOpen(false);
                }}
              >
                Publish
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
