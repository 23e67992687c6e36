/** What the page editor's body field takes, with or without TipTap. */
export interface RichTextEditorProps {
  name: string;
  label: string;
  defaultValue: string;
  lang: string;
  /** Images uploaded for the page, offered by the editor's image button. */
  images: { src: string; alt: string }[];
}
