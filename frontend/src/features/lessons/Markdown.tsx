// Lesson text and scenario descriptions: GitHub-flavoured Markdown (tables, lists, code) by
// react-markdown. Raw HTML in the text is not rendered (react-markdown's default), so a
// description can't inject markup; links open in a new tab.
import { memo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeRegion, TableRegion } from "@/components/TableRegion";
import { Term } from "@/components/Term";
import { glossaryId, useGlossary } from "@/lib/glossary";

/** A link; a link to the glossary (a term's first use in a lesson) is a Term: its definition shows
 * on hover and keyboard focus, as the link's description, like the screen's own labels. */
function MarkdownLink({ node: _node, ...props }: React.ComponentProps<"a"> & { node?: unknown }) {
  const id = glossaryId(props.href);
  const known = useGlossary().has(id ?? "");
  if (id && known) return <Term id={id}>{props.children}</Term>;
  return <a {...props} target="_blank" rel="noreferrer noopener" />;
}

const components: Components = {
  a: MarkdownLink,
  table: ({ node: _node, ...props }) => (
    <TableRegion label="Table" className="markdown__table">
      <table {...props} />
    </TableRegion>
  ),
  pre: ({ node: _node, ...props }) => <CodeRegion label="Code" {...props} />,
};

/** Parsed again only when its text changes: a lesson panel re-renders with each step and event, and
 * the steps already passed keep their texts (parsing them all again cost a student's screen ~10 ms per click). */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
