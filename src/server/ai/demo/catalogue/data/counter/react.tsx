import { useState } from 'react';

export default function Counter() {
  const [count, setCount] = useState(0);

  return (
    <section className="flex justify-center px-6 py-20">
      <div className="w-full max-w-xs rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-lg">
        <h1 className="text-lg font-semibold text-gray-900">Counter</h1>
        <p className="mt-6 text-6xl font-bold tabular-nums text-indigo-600">{count}</p>
        <p className="mt-2 text-sm text-gray-500">{count % 2 === 0 ? 'Even' : 'Odd'}</p>
        <div className="mt-8 flex items-center justify-center gap-3">
          <button type="button" className="h-12 w-12 rounded-full border border-gray-200 text-2xl font-semibold text-gray-700 hover:bg-gray-50" aria-label="Decrease" onClick={() => setCount((c) => c - 1)}>
            −
          </button>
          <button type="button" className="h-12 w-12 rounded-full bg-indigo-600 text-2xl font-semibold text-white hover:bg-indigo-500" aria-label="Increase" onClick={() => setCount((c) => c + 1)}>
            +
          </button>
        </div>
        <button type="button" className="mt-6 text-sm font-medium text-gray-500 hover:text-gray-900" onClick={() => setCount(0)}>
          Reset
        </button>
      </div>
    </section>
  );
}
