import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { DropdownMenu, MenuItem } from "@/components/ui/dropdown-menu";
import { Sheet } from "@/components/ui/sheet";

// jsdom lays nothing out, so every element would look hidden to the "can it take focus" check.
beforeAll(() => {
  jest.spyOn(HTMLElement.prototype, "getClientRects").mockImplementation(function (this: HTMLElement) {
    return (this.closest("[hidden]") ? [] : [{}]) as unknown as DOMRectList;
  });
});

describe("focus returns to what opened a dialog", () => {
  it("a dialog opened from code (no Radix trigger) returns focus to the button that opened it", async () => {
    const user = userEvent.setup();
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open block</button>
          <Dialog open={open} onOpenChange={setOpen} title="Focus Block" />
        </>
      );
    }
    render(<Screen />);
    await user.click(screen.getByRole("button", { name: "Open block" }));
    expect(await screen.findByRole("dialog", { name: "Focus Block" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Open block" })).toHaveFocus());
  });

  it("a dialog whose field takes focus itself (autoFocus) still returns focus to its opener", async () => {
    const user = userEvent.setup();
    function Feedback() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Report a barrier</button>
          <Dialog open={open} onOpenChange={setOpen} title="Provide Feedback">
            <textarea aria-label="Your feedback" autoFocus />
          </Dialog>
        </>
      );
    }
    render(<Feedback />);
    await user.click(screen.getByRole("button", { name: "Report a barrier" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Your feedback" })).toHaveFocus());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Report a barrier" })).toHaveFocus());
  });

  it("a side sheet returns focus to its rail button", async () => {
    const user = userEvent.setup();
    function Rail() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Search</button>
          <Sheet open={open} onOpenChange={setOpen} title="Search panel">
            <input aria-label="Find" />
          </Sheet>
        </>
      );
    }
    render(<Rail />);
    await user.click(screen.getByRole("button", { name: "Search" }));
    await screen.findByRole("dialog", { name: "Search panel" });
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Search" })).toHaveFocus());
  });

  it("a dialog opened from a menu item returns focus to the menu's button", async () => {
    const user = userEvent.setup();
    function Help() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <DropdownMenu trigger={<button>Help</button>}>
            <MenuItem onSelect={() => setOpen(true)}>About</MenuItem>
          </DropdownMenu>
          <Dialog open={open} onOpenChange={setOpen} title="About Flexblock" />
        </>
      );
    }
    render(<Help />);
    screen.getByRole("button", { name: "Help" }).focus();
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("menuitem", { name: "About" }));
    await screen.findByRole("dialog", { name: "About Flexblock" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Help" })).toHaveFocus());
  });

  it("a dialog that hands over to another (Set Topic) returns focus, in the end, to the first one's opener", async () => {
    const user = userEvent.setup();
    function Calendar() {
      const [block, setBlock] = useState(false);
      const [topics, setTopics] = useState(false);
      return (
        <>
          <button onClick={() => setBlock(true)}>Tuesday Focus Block</button>
          <Dialog open={block} onOpenChange={setBlock} title="Focus Block">
            <button
              onClick={() => {
                setBlock(false);
                setTopics(true);
              }}
            >
              Set Topic
            </button>
          </Dialog>
          <Dialog open={topics} onOpenChange={setTopics} title="Topics" />
        </>
      );
    }
    render(<Calendar />);
    await user.click(screen.getByRole("button", { name: "Tuesday Focus Block" }));
    await user.click(await screen.findByRole("button", { name: "Set Topic" }));
    const topics = await screen.findByRole("dialog", { name: "Topics" });
    // While the second dialog is open it keeps focus.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(topics.contains(document.activeElement)).toBe(true);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Tuesday Focus Block" })).toHaveFocus());
  });

  it("a confirmation inside a dialog returns focus to the button in that dialog, which stays open", async () => {
    const user = userEvent.setup();
    function Appointment() {
      const [open, setOpen] = useState(true);
      const [confirm, setConfirm] = useState(false);
      return (
        <Dialog open={open} onOpenChange={setOpen} title="Focus Block">
          <button onClick={() => setConfirm(true)}>Cancel appointment</button>
          <ConfirmDialog
            open={confirm}
            onOpenChange={setConfirm}
            title="Cancel this appointment?"
            onConfirm={() => undefined}
          />
        </Dialog>
      );
    }
    render(<Appointment />);
    await user.click(await screen.findByRole("button", { name: "Cancel appointment" }));
    await screen.findByRole("dialog", { name: "Cancel this appointment?" });
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Cancel appointment" })).toHaveFocus());
    expect(screen.getByRole("dialog", { name: "Focus Block" })).toBeInTheDocument();
  });

  it("finds the opener again when a write re-rendered it (returnFocusTo)", async () => {
    const user = userEvent.setup();
    function Week() {
      const [open, setOpen] = useState(false);
      const [version, setVersion] = useState(1);
      return (
        <>
          {/* A new key: React replaces the tile's element, as a refreshed week may. */}
          <button key={version} data-tile="2026-03-17:4" onClick={() => setOpen(true)}>
            Tile
          </button>
          <Dialog
            open={open}
            onOpenChange={setOpen}
            title="Focus Block"
            returnFocusTo={() => document.querySelector<HTMLElement>('[data-tile="2026-03-17:4"]')}
          >
            <button onClick={() => setVersion((v) => v + 1)}>Save</button>
          </Dialog>
        </>
      );
    }
    render(<Week />);
    const first = screen.getByRole("button", { name: "Tile" });
    await user.click(first);
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(first.isConnected).toBe(false);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Tile" })).toHaveFocus());
  });
  it("when the dialog removed its opener (a member taken out), focus goes to the next control in the list", async () => {
    const user = userEvent.setup();
    function Members() {
      const [names, setNames] = useState(["Ann", "Bo", "Cy"]);
      const [removing, setRemoving] = useState<string | null>(null);
      return (
        <>
          <ul>
            {names.map((name) => (
              <li key={name}>
                <button onClick={() => setRemoving(name)}>Remove {name}</button>
              </li>
            ))}
          </ul>
          <button>Add students</button>
          <ConfirmDialog
            open={removing !== null}
            onOpenChange={(open) => !open && setRemoving(null)}
            title={`Remove ${removing}?`}
            confirmLabel="Remove"
            onConfirm={() => setNames((list) => list.filter((n) => n !== removing))}
          />
        </>
      );
    }
    render(<Members />);
    await user.click(screen.getByRole("button", { name: "Remove Bo" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Remove Bo?" })).getByRole("button", {
        name: "Remove",
      }),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Remove Cy" })).toHaveFocus());
    // The last one: the next control after the list.
    await user.keyboard("{Enter}");
    await user.click(
      within(await screen.findByRole("dialog", { name: "Remove Cy?" })).getByRole("button", {
        name: "Remove",
      }),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Add students" })).toHaveFocus());
    // Cancelling leaves the opener, which still takes focus first.
    await user.click(screen.getByRole("button", { name: "Remove Ann" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Remove Ann?" })).getByRole("button", {
        name: "Cancel",
      }),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Remove Ann" })).toHaveFocus());
  });
});
