import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/App";
import { ready } from "@/i18n";
import "./index.css";

// The reader's catalog first (a chunk of its own unless English): the first paint is in their language.
void ready().finally(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
