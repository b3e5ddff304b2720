import { disableSchemaCompilation } from "@content-studio/contract";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import "./index.css";

disableSchemaCompilation();

const root = document.getElementById("root");
if (!root) throw new Error("The #root element is missing from index.html.");

// A transition: React renders the first screen in slices and lets the browser paint and
// answer input between them, instead of one long task on a slow phone.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
