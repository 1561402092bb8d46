export default function App() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-white text-gray-900">
      <h1 className="text-3xl font-semibold">Blank React App</h1>
    </main>
  );
}
