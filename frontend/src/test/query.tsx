import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { newQueryClient } from "@/lib/query";

/** `render(ui, { wrapper: withQuery() })`: a fresh query cache for each rendered tree. */
export function withQuery(): (props: { children: ReactNode }) => ReactNode {
  const client = newQueryClient();
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}
