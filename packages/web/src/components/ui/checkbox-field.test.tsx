import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CheckboxField, withItem } from "./checkbox-field";

function Harness() {
  const [chosen, setChosen] = useState<string[]>(["a"]);
  return (
    <>
      {["a", "b"].map((item) => (
        <CheckboxField
          key={item}
          name="items"
          value={item}
          checked={chosen.includes(item)}
          onChange={(on) => setChosen((now) => withItem(now, item, on))}
        >
          <span>Item {item}</span>
        </CheckboxField>
      ))}
      <output>{chosen.join(",")}</output>
    </>
  );
}

describe("CheckboxField", () => {
  it("is named by its words and adds or removes its item", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const b = screen.getByRole("checkbox", { name: "Item b" });
    expect(b).toHaveAttribute("value", "b");
    await user.click(b);
    expect(screen.getByRole("status")).toHaveTextContent("a,b");
    await user.click(screen.getByRole("checkbox", { name: "Item a" }));
    expect(screen.getByRole("status")).toHaveTextContent("b");
  });
});

describe("withItem", () => {
  it("adds at the end or removes, leaving the list it was given alone", () => {
    const list = ["x", "y"];
    expect(withItem(list, "z", true)).toEqual(["x", "y", "z"]);
    expect(withItem(list, "x", false)).toEqual(["y"]);
    expect(list).toEqual(["x", "y"]);
  });
});
