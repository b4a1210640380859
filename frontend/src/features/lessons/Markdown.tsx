// Lesson text and scenario descriptions: GitHub-flavoured Markdown (tables, lists, code) by
// react-markdown. Raw HTML in the text is not rendered (react-markdown's default), so a
// description can't inject markup; links open in a new tab.
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeRegion, TableRegion } from "@/components/TableRegion";
import { glossaryId, useGlossary } from "@/lib/glossary";

/** A link; a link to the glossary also shows the term's definition on hover. */
function MarkdownLink({ node: _node, ...props }: React.ComponentProps<"a"> & { node?: unknown }) {
  const term = useGlossary().get(glossaryId(props.href) ?? "");
  return <a {...props} className={term ? "glossary-link" : undefined} title={term?.definition} target="_blank" rel="noreferrer noopener" />;
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

export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
