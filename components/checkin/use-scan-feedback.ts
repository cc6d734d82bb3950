"use client";

import { useEffect, useRef, useState } from "react";
import { useStoredState } from "@/lib/use-stored-state.client";

let audio: AudioContext | null = null;

/** A short, quiet beep (Web Audio: nothing to download, nothing for the CSP to allow). */
function beep() {
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.12);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.13);
  } catch {
    // no audio on this device: the flash is enough
  }
}

/**
 * Per-scan feedback: a short flash each time the number of pending chips grows (so a teacher
 * scanning a line of students sees each scan land without reading the list), and a beep when the
 * device's "scan sound" preference is on (off by default).
 */
export function useScanFeedback(count: number) {
  const [sound, setSound] = useStoredState("scanSound", false);
  const [flash, setFlash] = useState(0);
  const last = useRef(count);
  useEffect(() => {
    const grew = count > last.current;
    last.current = count;
    if (!grew) return;
    setFlash((n) => n + 1);
    if (sound) beep();
  }, [count, sound]);
  return { flash, sound, setSound: (on: boolean) => setSound(on) };
}
