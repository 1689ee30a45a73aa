// Drag-and-drop reordering of a list's items, for a pointer; the photo pickers' arrow buttons do the same without it.
import { useState } from "react";

/**
 * Drag and drop to reorder, for a pointer (the arrow buttons do the same for keyboards and without JavaScript).
 * Returns the props for item `index`; `onMove(from, to)` is called on a drop.
 */
export function useDragOrder(onMove: (from: number, to: number) => void) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  return (index: number) => ({
    draggable: true,
    "data-over": over === index && dragged !== index ? "" : undefined,
    onDragStart: (event: React.DragEvent) => {
      setDragged(index);
      event.dataTransfer.effectAllowed = "move";
    },
    onDragOver: (event: React.DragEvent) => {
      if (dragged === null) return;
      event.preventDefault();
      setOver(index);
    },
    onDragLeave: () => setOver((current) => (current === index ? null : current)),
    onDrop: (event: React.DragEvent) => {
      event.preventDefault();
      if (dragged !== null && dragged !== index) onMove(dragged, index);
      setDragged(null);
      setOver(null);
    },
    onDragEnd: () => {
      setDragged(null);
      setOver(null);
    },
  });
}
