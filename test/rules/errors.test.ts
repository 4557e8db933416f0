import { describe, expect, it } from "vitest";
import {
  describeValue,
  optionalBoolean,
  optionalInteger,
  requireBoolean,
  requireFiniteNumber,
  requireInteger,
  requireObject,
  requireOneOf,
  requireString,
} from "../../src/rules/errors";

describe("argument checks used by every rule function (R9–R18)", () => {
  it("requireInteger returns a valid integer", () => {
    expect(requireInteger("f", "x", 3, { min: 0, max: 9 })).toBe(3);
    expect(requireInteger("f", "x", -7)).toBe(-7);
    expect(requireInteger("f", "x", 0, { min: 0 })).toBe(0);
  });

  it("requireInteger names the function and the argument, the bounds and the value", () => {
    expect(() => requireInteger("spellSaveDC", "spellLevel", -1, { min: 0 })).toThrow(
      new RangeError("spellSaveDC: spellLevel must be an integer >= 0, got -1"),
    );
    expect(() => requireInteger("resolveSave", "natural", 21, { min: 1, max: 20 })).toThrow(
      new RangeError("resolveSave: natural must be an integer from 1 to 20, got 21"),
    );
    expect(() => requireInteger("f", "x", 11, { max: 10 })).toThrow("f: x must be an integer <= 10, got 11");
  });

  it("requireInteger: wrong type is a TypeError; NaN, Infinity and fractions are RangeErrors", () => {
    expect(() => requireInteger("f", "x", "3")).toThrow(new TypeError('f: x must be an integer, got "3"'));
    expect(() => requireInteger("f", "x", undefined)).toThrow(TypeError);
    expect(() => requireInteger("f", "x", null)).toThrow(TypeError);
    expect(() => requireInteger("f", "x", Number.NaN)).toThrow(new RangeError("f: x must be an integer, got NaN"));
    expect(() => requireInteger("f", "x", Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => requireInteger("f", "x", 1.5)).toThrow(RangeError);
  });

  it("optionalInteger passes undefined through", () => {
    expect(optionalInteger("f", "x", undefined)).toBeUndefined();
    expect(optionalInteger("f", "x", 4, { min: 0 })).toBe(4);
    expect(() => optionalInteger("f", "x", null)).toThrow(TypeError);
  });

  it("requireFiniteNumber allows fractions but not NaN or Infinity", () => {
    expect(requireFiniteNumber("f", "x", 0.25, { min: 0 })).toBe(0.25);
    expect(() => requireFiniteNumber("f", "x", Number.NaN)).toThrow(RangeError);
    expect(() => requireFiniteNumber("f", "x", -0.5, { min: 0 })).toThrow("f: x must be a finite number >= 0, got -0.5");
    expect(() => requireFiniteNumber("f", "x", "1")).toThrow(TypeError);
  });

  it("requireBoolean / optionalBoolean", () => {
    expect(requireBoolean("f", "x", false)).toBe(false);
    expect(() => requireBoolean("f", "x", 0)).toThrow(new TypeError("f: x must be true or false, got 0"));
    expect(optionalBoolean("f", "x", undefined, true)).toBe(true);
    expect(optionalBoolean("f", "x", false, true)).toBe(false);
    expect(() => optionalBoolean("f", "x", "no", true)).toThrow(TypeError);
  });

  it("requireString and requireObject", () => {
    expect(requireString("f", "x", "")).toBe("");
    expect(() => requireString("f", "x", 1)).toThrow(new TypeError("f: x must be a string, got 1"));
    expect(requireObject("f", "x", { a: 1 })).toEqual({ a: 1 });
    expect(() => requireObject("f", "input", null)).toThrow(new TypeError("f: input must be an object, got null"));
    expect(() => requireObject("f", "input", [1])).toThrow(TypeError);
  });

  it("requireOneOf lists the allowed values", () => {
    expect(requireOneOf("f", "save", "ref", ["fort", "ref", "will"])).toBe("ref");
    expect(() => requireOneOf("f", "save", "Reflex", ["fort", "ref", "will"])).toThrow(
      new RangeError('f: save must be one of "fort", "ref", "will", got "Reflex"'),
    );
    expect(() => requireOneOf("f", "save", 1, ["fort"])).toThrow(TypeError);
  });

  it("describeValue renders anything safely", () => {
    expect(describeValue("a")).toBe('"a"');
    expect(describeValue(Number.NaN)).toBe("NaN");
    expect(describeValue(undefined)).toBe("undefined");
    expect(describeValue({ a: 1 })).toBe('{"a":1}');
    expect(describeValue(() => 1)).toBe("a function");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue(cyclic)).toBe("an object");
    expect(describeValue(Symbol("s"))).toBe("Symbol(s)");
  });
});
