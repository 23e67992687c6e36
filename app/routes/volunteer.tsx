export default function VolunteerPage() {
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-20">
      <h1 className="text-4xl font-bold">Volunteer</h1>
    </main>
  );
}
