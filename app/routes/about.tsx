export default function AboutPage() {
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-20">
      <h1 className="text-4xl font-bold">About</h1>
    </main>
  );
}
