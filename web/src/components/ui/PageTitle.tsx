/** A page's heading and its browser tab title ("… · Lightpix"), from one text. React puts the title in the head. */
export function PageTitle({ children }: { children: string }) {
  return (
    <>
      <title>{`${children} · Lightpix`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{children}</h1>
    </>
  );
}
